#!/bin/sh
# xid-behind-a-budget: cordon the Xid node (no drain: the gang's own budget holds it, and the gang is
# halted anyway); resume from the newest complete checkpoint, which empties the node.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(await_node untrusted)
fd cordon "$node" --confirm "$node" --reason "Xid 79: GPU fell off the bus"
gang=$(await_halted_gang)
resume_newest "$gang"
