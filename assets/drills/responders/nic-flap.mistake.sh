#!/bin/sh
# expect-mistake: drained-a-healthy-node
# nic-flap without reading the logs: the gang's first rank is blamed (its log is asked only for its node), and that node,
# trusted and only waiting on rank 7, is drained while its rank still hangs in the collective; the gang is resumed.
set -eu
. "$(dirname "$0")/lib.sh"
gang=$(await_halted_gang)
node=$(rank_node "$gang" 0)
[ -n "$node" ] || { say "rank 0 of $gang is on no node"; exit 1; }
say "blaming rank 0's node $node without reading the logs"
cordon_and_drain "$node" "rank 0 of $gang stopped"
resume_newest "$gang"
