#!/bin/sh
# node-not-ready: cordon the lost node (no drain: its kubelet is gone) and resume the halted gang.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(await_node "not ready")
fd cordon "$node" --confirm "$node" --reason "kubelet stopped posting status"
gang=$(await_halted_gang)
resume_newest "$gang"
