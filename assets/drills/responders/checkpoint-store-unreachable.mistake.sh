#!/bin/sh
# expect-mistake: broke-a-gang-that-did-not-need-it
# Drains a node of the running gang "to restart it", which only loses work.
set -eu
. "$(dirname "$0")/lib.sh"
await_line 'no known checkpoint' >/dev/null
cordon_and_drain gpu-node-000 "restart llm-pretrain"
fd plan resume training/llm-pretrain >/dev/null 2>&1 || true
