#!/bin/sh
# expect-mistake: drained-a-healthy-node
# stalled-collective blamed on hardware: the stalled gang's rank 0 node is drained (trusted, its GPUs only waiting on
# the hang) before the gang is restarted.
set -eu
. "$(dirname "$0")/lib.sh"
gang=$(await_stalled_gang)
node=$(rank_node "$gang" 0)
[ -n "$node" ] || { say "rank 0 of $gang is on no node"; exit 1; }
say "blaming rank 0's node $node for the stall"
cordon_and_drain "$node" "GPUs idle under rank 0 of $gang"
resume_newest "$(await_halted_gang)"
