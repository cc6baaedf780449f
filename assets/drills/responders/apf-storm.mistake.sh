#!/bin/sh
# expect-mistake: added-load-during-the-storm
# Re-lists the whole cluster in a loop while the server throttles everyone (for a minute), as a
# dashboard or a script with no back-off does: a few requests a second, whatever the server answers.
set -eu
. "$(dirname "$0")/lib.sh"
server=$(sed -n 's/^ *server: *//p' "$KUBECONFIG")
end=$(( $(date +%s) + 60 ))
while [ "$(date +%s)" -lt "$end" ]; do
    curl -s -o /dev/null "$server/api/v1/nodes" || true
    curl -s -o /dev/null "$server/api/v1/pods" || true
    sleep 0.25
done
