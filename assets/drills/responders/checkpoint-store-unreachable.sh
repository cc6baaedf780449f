#!/bin/sh
# checkpoint-store-unreachable: the gang runs, only its checkpoints are at risk: look, escalate,
# do not drain or resume. Looking is reading the gang's workload (the resume plan reads it and
# says why it will not resume a running gang); looked at twice, the second time after its saves
# are found to have gone stale.
set -eu
. "$(dirname "$0")/lib.sh"
await_line 'no known checkpoint' >/dev/null
for look in 1 2; do
    fd plan resume training/llm-pretrain >/dev/null 2>&1 || true
    say "llm-pretrain runs; its checkpoints cannot be read: escalated to storage"
    [ "$look" = 2 ] || sleep 5 # (not after the last look: the drill waits for the runbook to end)
done
