#!/bin/sh
# expect-mistake: returned-an-untrusted-node-to-service
# As the runbook, but the node is uncordoned after its preflight failed.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(await_node untrusted)
cordon_and_drain "$node" "NVLink down"
gang=$(await_halted_gang)
resume_newest "$gang"
await_line "^$node +gated  " >/dev/null
fd preflight "$node" --confirm "$node" || true
fd uncordon "$node" --confirm "$node" --reason "repaired"
