#!/bin/sh
# expect-mistake: resumed-from-an-older-checkpoint
set -eu
. "$(dirname "$0")/lib.sh"
node=$(await_node maintenance)
cordon_and_drain "$node" "host maintenance scheduled"
gang=$(await_halted_gang)
fd resume "$gang" --confirm "${gang#*/}" --step "$(( $(newest_step "$gang") - 100 ))"
