#!/bin/sh
# maintenance-due: out of service before the window (cordon now), drain, resume on other nodes.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(await_node maintenance)
cordon_and_drain "$node" "host maintenance scheduled"
gang=$(await_halted_gang)
resume_newest "$gang"
