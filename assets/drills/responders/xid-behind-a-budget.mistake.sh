#!/bin/sh
# expect-mistake: forced-past-a-budget
# The drain waits on the budget, so the failed rank is deleted straight through the API.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(await_node untrusted)
fd cordon "$node" --confirm "$node" --reason "Xid 79"
server=$(sed -n 's/^ *server: *//p' "$KUBECONFIG")
pod=$(curl -s "$server/api/v1/namespaces/training/pods?fieldSelector=spec.nodeName%3D$node" \
    | tr ',' '\n' | sed -n 's/.*"name":"\(llm-pretrain-[0-9]*-[a-z0-9]*\)".*/\1/p' | head -1)
say "deleting $pod past its budget"
curl -s -X DELETE "$server/api/v1/namespaces/training/pods/$pod" >/dev/null
resume_newest training/llm-pretrain
