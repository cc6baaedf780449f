# Helpers for drill responders: runbooks written against Flightdeck's headless commands.
# A responder is started by `flightdeck drill run SCENARIO --responder CMD` with KUBECONFIG and
# FLIGHTDECK_HOME pointing at the drill's own cluster and home, and FLIGHTDECK at the launcher. On a
# staging cluster, which holds more than the drill, FLIGHTDECK_DRILL_NAMESPACE and
# FLIGHTDECK_DRILL_NODE_PREFIX say where the drill's gangs and nodes are: the helpers look only there.
# POSIX sh; source it with  . "$(dirname "$0")/lib.sh"  (which starts the runbook's look at the cluster, below).

fd() { "${FLIGHTDECK:-flightdeck}" "$@"; }

say() { echo "runbook: $*"; }

# The runbook's eyes: one `flightdeck check --watch 1` for the whole runbook (one live session reporting every second,
# as a person keeps the console open: its watches keep it current, with no LIST per look), started when this file is
# sourced, its reports appended to a file the await functions read, started again if it ends (the cluster unreadable
# for a moment), stopped when the runbook exits. A `check` started for each wait cost a JVM and a sync every time, and
# its first report came seconds after the state it waited for. It also keeps the idle GPUs' history fresh: without a
# Prometheus, each command judges a stall again from the history the looks before it saved, and takes it over only
# from a recent look (a minute, at a drill's pace); a command that took long to start on a loaded machine found it too
# old, saw the stalled gang's GPUs idle for a moment only, and refused to resume a "running" gang.
if [ -n "${FLIGHTDECK_DRILL_DIR:-}" ]; then
    reports="$FLIGHTDECK_DRILL_DIR/check.reports"
else
    reports=$(mktemp)
fi
: >"$reports"
look() {
    trap 'kill "$check" 2>/dev/null; exit 0' TERM
    while :; do
        # exec: $! is the check itself (the launcher execs its JVM), not a subshell that would leave it running
        (exec "${FLIGHTDECK:-flightdeck}" check --watch 1) >>"$reports" 2>/dev/null &
        check=$!
        wait "$check"
        sleep 1
    done
}
look </dev/null >/dev/null 2>&1 &
looking=$!
trap 'kill "$looking" 2>/dev/null' EXIT

# await_line REGEX: the first line matching REGEX (extended) in a report made after this call, printed. Reports already
# in the file are not read (they show the cluster as it was); nor is the rest of one under way.
await_line() {
    seen=$(wc -c <"$reports")
    while :; do
        if [ "$seen" -eq 0 ]; then
            line=$(grep -E -m1 -- "$1" "$reports") && { echo "$line"; return 0; }
        else
            line=$(tail -c +"$((seen + 1))" "$reports" | sed -n '/^check at /,$p' | grep -E -m1 -- "$1") \
                && { echo "$line"; return 0; }
        fi
        sleep 1
    done
}

# await_line_fresh REGEX: as await_line, from a `check` of its own, whose first report reads what the runbook's session
# reads only every minute (checkpoints in the object store).
await_line_fresh() {
    while :; do
        line=$(fd check --watch 1 2>/dev/null | grep -E -m1 -- "$1") && { echo "$line"; return 0; }
        sleep 1
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
# once the GPUs stayed idle for the stall window (GPU telemetry is read every 30 s).
await_stalled_gang() {
    await_line "^${FLIGHTDECK_DRILL_NAMESPACE:-[a-z0-9-]+}/[a-z0-9.-]+  .*stalled(  | ·)" | cut -d' ' -f1
}

# await_fresh_checkpoint NS/GANG: waits until `check` shows the gang's newest checkpoint seconds old
# (the gang must be listed: at risk, or not running).
await_fresh_checkpoint() { await_line_fresh "^$1  .*  checkpoint [0-9]+s  " >/dev/null; }

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
