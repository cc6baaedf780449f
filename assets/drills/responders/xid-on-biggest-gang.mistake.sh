#!/bin/sh
# expect-mistake: drained-a-healthy-node broke-a-gang-that-did-not-need-it
# xid-on-biggest-gang with a slip of the finger: the healthy node carrying eval-sweep is drained
# first (gpu-node-024 for the Xid node), breaking eval-sweep; then the right node is handled.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(await_node untrusted)
cordon_and_drain gpu-node-024 "Xid 79 (wrong node)"
cordon_and_drain "$node" "Xid 79: GPU fell off the bus"
resume_newest training/llm-pretrain
