# Helpers for drill responders: runbooks written against Flightdeck's headless commands.
# A responder is started by `flightdeck drill run SCENARIO --responder CMD` with KUBECONFIG and
# FLIGHTDECK_HOME pointing at the drill's own cluster and home, and FLIGHTDECK at the launcher. On a
# staging cluster, which holds more than the drill, FLIGHTDECK_DRILL_NAMESPACE and
# FLIGHTDECK_DRILL_NODE_PREFIX say where the drill's gangs and nodes are: the helpers look only there.
# POSIX sh; source it with  . "$(dirname "$0")/lib.sh"

fd() { "${FLIGHTDECK:-flightdeck}" "$@"; }

say() { echo "runbook: $*"; }

# await_line REGEX: watches `flightdeck check` (one live session reporting every second: its watches keep it
# current, with no LIST per look) until one of its lines matches REGEX (extended), and prints that line. A check that
# ends (the cluster unreadable for a moment) is started again.
await_line() { await_line_every 1 "$1"; }

# await_line_every SECONDS REGEX: as await_line, a report every SECONDS (for what takes minutes to show).
await_line_every() {
    while :; do
        line=$(fd check --watch "$1" 2>/dev/null | grep -E -m1 -- "$2") && { echo "$line"; return 0; }
        sleep "$1"
    done
}

# await_node VERDICT: the first node `check` lists with that verdict (untrusted, degraded,
# maintenance, "not ready", gated).
await_node() {
    if [ -n "${FLIGHTDECK_DRILL_NODE_PREFIX:-}" ]; then
        await_line "^${FLIGHTDECK_DRILL_NODE_PREFIX}[a-z0-9.-]* +$1  " | cut -d' ' -f1
    else
        await_line "^[a-z0-9.-]+ +$1  " | cut -d' ' -f1
    fi
}

# await_halted_gang: the first gang `check` lists as halted or failed (NAMESPACE/NAME).
await_halted_gang() { await_gang "(halted|failed)(  | ·)"; }

# await_gang REGEX: the first of the drill's gangs whose `check` line matches REGEX after its name (NAMESPACE/NAME).
await_gang() { await_line "^${FLIGHTDECK_DRILL_NAMESPACE:-[a-z0-9-]+}/[a-z0-9.-]+  .*$1" | cut -d' ' -f1; }

# await_stalled_gang: the first of the drill's gangs `check` lists as stalled (NAMESPACE/NAME). A stall is told only
# once the GPUs stayed idle for the stall window (GPU telemetry is read every 30 s): a report every 10 s is enough.
await_stalled_gang() {
    await_line_every 10 "^${FLIGHTDECK_DRILL_NAMESPACE:-[a-z0-9-]+}/[a-z0-9.-]+  .*stalled(  | ·)" | cut -d' ' -f1
}

# await_fresh_checkpoint NS/GANG: waits until `check` shows the gang's newest checkpoint seconds old
# (the gang must be listed: at risk, or not running).
await_fresh_checkpoint() { await_line "^$1  .*  checkpoint [0-9]+s  " >/dev/null; }

# newest_step NS/GANG: the step of the newest complete checkpoint the resume plan would use.
newest_step() { fd plan resume "$1" 2>/dev/null | sed -n 's/^  checkpoint .*  step \([0-9][0-9]*\)  .*/\1/p' | head -1; }

# rank_node NS/GANG RANK: the node the gang's rank runs on, from `flightdeck logs` (which names it on stderr:
# "flightdeck: rank 0 of training/llm-pretrain · running · pod … · gpu-node-000"); empty when it is on none.
rank_node() {
    fd logs "$1" --rank "$2" --tail 1 2>&1 >/dev/null | sed -n "s/^flightdeck: rank $2 of .* · \([^ ·]*\)\$/\1/p"
}

# resume_newest NS/GANG: resume the gang from its newest complete checkpoint.
resume_newest() { fd resume "$1" --confirm "${1#*/}"; }

# cordon_and_drain NODE WHY: cordon with the reason, then drain (training ranks keep /dev/shm in emptyDir).
cordon_and_drain() {
    fd cordon "$1" --confirm "$1" --reason "$2"
    fd drain "$1" --confirm "$1" --reason "$2" --delete-emptydir-data --timeout 2m
}

# take_out_and_resume VERDICT REASON: the node `check` lists with VERDICT is cordoned and drained with
# REASON, and the gang that halts is resumed from its newest complete checkpoint; prints the node
# (the commands' own output goes to stderr).
take_out_and_resume() {
    node=$(await_node "$1")
    cordon_and_drain "$node" "$2" >&2
    resume_newest "$(await_halted_gang)" >&2
    echo "$node"
}

# take_out_and_resume_older VERDICT REASON STEPS_BACK: the same, resumed from a checkpoint STEPS_BACK
# steps older than the newest complete one (a drill's mistake).
take_out_and_resume_older() {
    node=$(await_node "$1")
    cordon_and_drain "$node" "$2" >&2
    gang=$(await_halted_gang)
    fd resume "$gang" --confirm "${gang#*/}" --step "$(( $(newest_step "$gang") - $3 ))" >&2
    echo "$node"
}
