#!/bin/sh
# expect-mistake: drained-a-healthy-node
# stalled-collective blamed on hardware: the stalled gang's rank 0 node is drained (trusted, its GPUs only waiting on
# the hang) before the gang is restarted.
set -eu
. "$(dirname "$0")/lib.sh"
gang=$(await_stalled_gang)
# "flightdeck: rank 0 of training/llm-pretrain · running · pod … · gpu-node-000" (on stderr)
node=$(fd logs "$gang" --rank 0 --tail 1 2>&1 >/dev/null | sed -n 's/^flightdeck: rank 0 of .* · \([^ ·]*\)$/\1/p')
[ -n "$node" ] || { say "rank 0 of $gang is on no node"; exit 1; }
say "blaming rank 0's node $node for the stall"
cordon_and_drain "$node" "GPUs idle under rank 0 of $gang"
resume_newest "$(await_halted_gang)"
