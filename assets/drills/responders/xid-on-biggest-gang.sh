#!/bin/sh
# xid-on-biggest-gang: cordon and drain the node that raised the Xid, then resume the gang it halted.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(await_node untrusted)
say "$node raised an Xid: out of service with it"
cordon_and_drain "$node" "Xid 79: GPU fell off the bus"
gang=$(await_halted_gang)
resume_newest "$gang"
