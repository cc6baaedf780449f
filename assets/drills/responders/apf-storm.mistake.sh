#!/bin/sh
# expect-mistake: added-load-during-the-storm
# Re-lists the whole cluster in a loop while the server throttles everyone (for a minute).
set -eu
. "$(dirname "$0")/lib.sh"
end=$(( $(date +%s) + 60 ))
while [ "$(date +%s)" -lt "$end" ]; do fd check >/dev/null 2>&1 || true; done
