#!/bin/sh
# stalled-collective, as the reference says: GPU telemetry names the stalled gang (every rank Running, its GPUs idle
# for the stall window), its logs confirm a hang rather than a failure (no rank failed, no error), and it is restarted
# from its newest complete checkpoint. The nodes and the busy gang are left alone.
set -eu
. "$(dirname "$0")/lib.sh"
gang=$(await_stalled_gang)
summary=$(fd logs "$gang" --tail 3)
if echo "$summary" | grep -q "^first failure: rank"; then
    say "$gang has a failed rank: not a hung collective, this runbook does not apply"
    echo "$summary" >&2
    exit 1
fi
say "$gang is stalled and no rank failed or logged an error: a hung collective; restart it from its newest checkpoint"
resume_newest "$gang"
