#!/bin/sh
# gpus-withdrawn: the node's GPUs are no longer all allocatable; take it out, resume the gang elsewhere.
set -eu
. "$(dirname "$0")/lib.sh"
take_out_and_resume degraded "GPUs withdrawn by the device plugin" >/dev/null
