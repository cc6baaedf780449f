#!/bin/sh
# expect-mistake: resumed-from-an-older-checkpoint
set -eu
. "$(dirname "$0")/lib.sh"
take_out_and_resume_older degraded "GPUs withdrawn by the device plugin" 200 >/dev/null
