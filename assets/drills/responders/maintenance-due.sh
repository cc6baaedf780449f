#!/bin/sh
# maintenance-due: out of service before the window (cordon now), but drain only right after the
# gang's next checkpoint, so the drain throws away seconds of work, not minutes; then resume.
set -eu
. "$(dirname "$0")/lib.sh"
node=$(await_node maintenance)
fd cordon "$node" --confirm "$node" --reason "host maintenance scheduled"
gang=$(await_gang "  running · at risk  ")
say "$gang runs on $node: draining right after its next checkpoint"
await_fresh_checkpoint "$gang"
fd drain "$node" --confirm "$node" --reason "host maintenance scheduled" --delete-emptydir-data --timeout 2m
gang=$(await_halted_gang)
resume_newest "$gang"
