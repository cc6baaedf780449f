#!/bin/sh
# rank-crash, as the reference says: the rank died on a healthy node, so the node is left alone and
# the gang is resumed from its newest complete checkpoint.
set -eu
. "$(dirname "$0")/lib.sh"
gang=$(await_halted_gang)
say "$gang is halted; its failed rank's node is trusted: resume, do not drain"
resume_newest "$gang"
