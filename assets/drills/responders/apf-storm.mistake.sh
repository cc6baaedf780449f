#!/bin/sh
# expect-mistake: added-load-during-the-storm
# Re-lists the whole cluster in a loop while the server throttles everyone (for a minute), as a
# dashboard or a script with no back-off does: as fast as the server answers, whatever it answers.
set -eu
. "$(dirname "$0")/lib.sh"
server=$(sed -n 's/^ *server: *//p' "$KUBECONFIG")
end=$(( $(date +%s) + 60 ))
# Four such loops at once, as several scripts or controllers re-listing on their own would: one alone made too few
# requests in the storm on a loaded CI machine to be over the budget.
loops=
for loop in 1 2 3 4; do
    while [ "$(date +%s)" -lt "$end" ]; do
        curl -s -o /dev/null "$server/api/v1/nodes" || true
        curl -s -o /dev/null "$server/api/v1/pods" || true
    done &
    loops="$loops $!"
done
wait $loops # (not the runbook's own look at the cluster, which runs until it exits)
