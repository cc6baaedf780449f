#!/bin/sh
# preflight-fails-after-repair: NVLink down: out of service, resume elsewhere; once the vendor hands
# the node back gated, re-run preflight; it fails, and the node stays out.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(take_out_and_resume untrusted "NVLink down")
await_line "^$node +gated  " >/dev/null
say "$node is back from repair, gated: re-running preflight"
if fd preflight "$node" --confirm "$node"; then
    say "preflight passed"
else
    say "preflight failed: $node stays cordoned and gated; reopening the repair ticket"
fi
