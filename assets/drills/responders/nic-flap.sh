#!/bin/sh
# nic-flap, as the reference says: no condition, Event or verdict shows the cause, so the halted gang's logs are read.
# Their first failure names the rank and its node, and that rank's NET/IB completion error says the network failed
# under it, not the code: the node is cordoned with the log's words as the reason, the others are left alone, and
# the gang is resumed from its newest complete checkpoint (the cordon keeps its new ranks off the flapping NIC).
set -eu
. "$(dirname "$0")/lib.sh"
gang=$(await_halted_gang)
summary=$(fd logs "$gang" --tail 20)
# "first failure: rank 7 · pod llm-pretrain-7-54825 on gpu-node-007 · …"
rank=$(echo "$summary" | sed -n 's/^first failure: rank \([0-9][0-9]*\) · pod [^ ]* on [^ ]* · .*/\1/p')
node=$(echo "$summary" | sed -n 's/^first failure: rank [0-9][0-9]* · pod [^ ]* on \([^ ]*\) · .*/\1/p')
[ -n "$rank" ] && [ -n "$node" ] || { say "the logs of $gang name no first failure"; echo "$summary" >&2; exit 1; }
# The rank's own line, from its tail (the grouped line above it has the addresses folded into <peer>).
ib=$(echo "$summary" | grep -m1 "^$node:.* NCCL WARN NET/IB" | sed 's/.* NCCL WARN //') || true
[ -n "$ib" ] || { say "rank $rank's errors are not the network's: this runbook does not apply"; echo "$summary" >&2; exit 1; }
say "first failure: rank $rank on $node, $ib"
fd cordon "$node" --confirm "$node" --reason "NIC flap under rank $rank of $gang: $ib"
resume_newest "$gang"
