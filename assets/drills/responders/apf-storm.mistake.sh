#!/bin/sh
# expect-mistake: added-load-during-the-storm
# Re-lists the whole cluster in a loop while the server throttles everyone (for a minute), as a
# dashboard or a script with no back-off does: as fast as the server answers, whatever it answers (with
# a pause of a quarter second a loaded CI machine made only 30 requests in the storm's 18 s: not a mistake).
set -eu
. "$(dirname "$0")/lib.sh"
server=$(sed -n 's/^ *server: *//p' "$KUBECONFIG")
end=$(( $(date +%s) + 60 ))
while [ "$(date +%s)" -lt "$end" ]; do
    curl -s -o /dev/null "$server/api/v1/nodes" || true
    curl -s -o /dev/null "$server/api/v1/pods" || true
    sleep 0.05
done
