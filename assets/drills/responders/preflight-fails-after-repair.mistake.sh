#!/bin/sh
# expect-mistake: returned-an-untrusted-node-to-service
# As the runbook, but the node is uncordoned after its preflight failed.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(take_out_and_resume untrusted "NVLink down")
await_line "^$node +gated  " >/dev/null
fd preflight "$node" --confirm "$node" || true
fd uncordon "$node" --confirm "$node" --reason "repaired"
