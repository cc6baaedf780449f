#!/bin/sh
# expect-mistake: resumed-from-an-older-checkpoint
# rank-crash, resumed from the checkpoint before the newest complete one.
set -eu
. "$(dirname "$0")/lib.sh"
gang=$(await_halted_gang)
older=$(( $(newest_step "$gang") - 100 ))
say "resuming $gang from step $older, not the newest"
fd resume "$gang" --confirm "${gang#*/}" --step "$older"
