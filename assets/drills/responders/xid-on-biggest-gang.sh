#!/bin/sh
# xid-on-biggest-gang: cordon and drain the node that raised the Xid, then resume the gang it halted.
set -eu
. "$(dirname "$0")/lib.sh"
take_out_and_resume untrusted "Xid 79: GPU fell off the bus" >/dev/null
