#!/bin/sh
# gpus-withdrawn: the node's GPUs are no longer all allocatable; take it out, resume the gang elsewhere.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(await_node degraded)
cordon_and_drain "$node" "GPUs withdrawn by the device plugin"
gang=$(await_halted_gang)
resume_newest "$gang"
