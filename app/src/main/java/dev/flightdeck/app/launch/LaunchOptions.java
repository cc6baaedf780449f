package dev.flightdeck.app.launch;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The command line shared by the console, the headless commands and the packaged launcher:
 * {@code flightdeck [check | plan ACTION TARGET | ACTION TARGET --confirm NAME] [--kubeconfig FILE]
 * [--context NAME] [--sandbox] [--sandbox-nodes N]}.
 *
 * @param request what to plan or execute (null for the console and check)
 * @param checkEvery {@code check --watch}: the report again every so often from one live session, until its output
 *                   is closed (null: once)
 * @param drill   the drill subcommand and its argument (null unless {@code drill ...})
 */
public record LaunchOptions(Command command, Path kubeconfig, String context, boolean sandbox, int sandboxNodes,
                            ActionRequest request, DrillRequest drill, JournalRequest journal, ContextList contexts,
                            GetRequest get, LogsRequest logs, EventsRequest events, Duration checkEvery) {

    public LaunchOptions(Command command, Path kubeconfig, String context, boolean sandbox, int sandboxNodes,
                         ActionRequest request, DrillRequest drill, JournalRequest journal, ContextList contexts,
                         GetRequest get, LogsRequest logs, EventsRequest events) {
        this(command, kubeconfig, context, sandbox, sandboxNodes, request, drill, journal, contexts, get, logs, events, null);
    }

    public LaunchOptions(Command command, Path kubeconfig, String context, boolean sandbox, int sandboxNodes,
                         ActionRequest request, DrillRequest drill, JournalRequest journal, ContextList contexts) {
        this(command, kubeconfig, context, sandbox, sandboxNodes, request, drill, journal, contexts, null, null, null);
    }

    /**
     * {@code --context a,b,c} or {@code --all-contexts}: several clusters at once ({@code check} and the
     * console; an action always names one). Null for one context.
     */
    public record ContextList(java.util.List<String> names, boolean all) {
        public ContextList {
            names = java.util.List.copyOf(names);
        }
    }

    public LaunchOptions(Command command, Path kubeconfig, String context, boolean sandbox, int sandboxNodes,
                         ActionRequest request, DrillRequest drill, JournalRequest journal) {
        this(command, kubeconfig, context, sandbox, sandboxNodes, request, drill, journal, null);
    }

    /**
     * {@code journal restore ENTRY [--confirm NAME] [--accept-redacted]}: bring back what a resume saved, from its
     * journal entry; {@code acceptRedacted} agrees to create it with placeholders where secrets were left out.
     */
    public record JournalRequest(String action, String entry, String confirm, boolean acceptRedacted) { }

    public LaunchOptions(Command command, Path kubeconfig, String context, boolean sandbox, int sandboxNodes,
                         ActionRequest request, DrillRequest drill) {
        this(command, kubeconfig, context, sandbox, sandboxNodes, request, drill, null);
    }

    /**
     * {@code drill list}, {@code drill validate FILE} or {@code drill run SCENARIO [--responder CMD] [--pace N]}.
     *
     * @param file      the scenario file (validate), or the scenario's id or file (run)
     * @param responder the scripted responder's command line (run), or null: nobody responds but whoever
     *                  connects with the printed kubeconfig
     * @param pace      how much faster than real time the schedule runs (run; 1 when not given)
     * @param confirm   what was typed after {@code --confirm} (cleanup), or null
     * @param run       the drill run whose objects to remove (cleanup {@code --run ID}), or null
     */
    public record DrillRequest(String action, String file, String responder, double pace, String confirm, String run) {
        public DrillRequest(String action, String file) {
            this(action, file, null, 1, null, null);
        }
    }

    public LaunchOptions(Command command, Path kubeconfig, String context, boolean sandbox, int sandboxNodes,
                         ActionRequest request) {
        this(command, kubeconfig, context, sandbox, sandboxNodes, request, null);
    }

    /** UI: the console; PLAN prints an action's plan; EXECUTE runs it when confirmed (else prints the plan). */
    public enum Command { UI, CHECK, PLAN, EXECUTE, DRILL, JOURNAL, GET, LOGS, EVENTS, HELP, VERSION }

    public static final int MAX_SANDBOX_NODES = 7_500;

    public static final String USAGE = """
            usage: flightdeck [COMMAND] [--kubeconfig FILE] [--context NAME] [--sandbox] [--sandbox-nodes N]
              (no command)            start the console (with --context a,b or --all-contexts: those clusters open at once)
              check                   connect, wait for the watches to sync, print a report and exit
              check --watch SECONDS   the report again every SECONDS from one live session (its watches keep it
                                      current: no LIST per report) until stopped or its output is closed,
                                      e.g. piped to grep -m1 in a runbook
              check --context a,b,c | --all-contexts
                                      several clusters at once: the fleet table (worst first), then each
                                      cluster's report; exit 3 only if none could be read (each unreadable
                                      one is named on stderr)
              plan drain NODE         print what draining NODE would do (pods evicted, skipped, blocking; budgets;
                                      gangs broken with GPU-hours at risk) and change nothing
              plan preflight NODE     print the validation Job that would re-run preflight on NODE (pinned by
                                      affinity, all its GPUs), the gate taint and labels set on pass and fail
              plan resume NS/GANG     print how a halted, failed or stalled gang would be resumed from its checkpoint:
                                      the checkpoint, the workload before and after (a diff), what is deleted
                                      and created; changes nothing
              drain NODE --confirm NODE --reason WHY      cordon and drain NODE as the console does
              cordon NODE --confirm NODE --reason WHY     cordon NODE, writing who and why on it
              uncordon NODE --confirm NODE [--reason WHY] uncordon NODE
              preflight NODE --confirm NODE               re-run preflight on NODE and wait for the result
              resume NS/GANG --confirm GANG               delete and recreate the gang from its checkpoint
                                      Without --confirm (or with another name) an action prints its plan and
                                      exits 2. Progress goes to stderr; every step to the journal; exit 0 done,
                                      3 cluster unreadable, 4 refused, 5 timed out, 6 failed, 130 stopped (Ctrl-C).
                --delete-emptydir-data  (drain) consent to losing pods' emptyDir data (as kubectl drain)
                --force                 (drain) consent to deleting pods no controller recreates
                --timeout DURATION      (drain) give up waiting after this long, e.g. 15m or 90s (default 10m)
                --check cuda|dcgm       (preflight) CUDA vectorAdd (default) or dcgmi diag -r 1
                --step N                (resume) resume from this checkpoint step instead of the newest complete
              get KIND/NAME [-n NS] [-o yaml|json]   (also get KIND NAME)
                                      print one object as kubectl get -o yaml (or json) would, read-only. KIND as
                                      kubectl takes it (po, node, jobs.batch, PyTorchJob, cq ...), resolved through
                                      the cluster's discovery; a namespaced KIND without -n is looked for in the
                                      context's namespace, else default. managedFields and kubectl's last-applied
                                      annotation are left out, secret values redacted, Secret objects never read.
                                      Exit 0 shown, 2 unknown KIND or bad arguments, 3 not found or unreadable,
                                      4 refused (a Secret; RBAC)
              logs NS/GANG            a gang's logs: which rank failed first, every rank's errors grouped by message
                                      across ranks, then the failed and crashing ranks' tails (first failure first)
                                      and a compact tail of the others; at most 8 log requests at once
                --rank N[,M…]           that rank's log only (with --follow: up to 8 ranks, each line tagged)
                --tail N                lines per rank (default 200)
                --since DURATION        only what was written in the last DURATION, e.g. 10m, 90s or 1h30m
                --previous              the run before each container's last restart
                --follow                stream new lines until the containers end (with --rank, or a pod)
                --timestamps            the kubelet's time in front of each line
              logs NS/POD [--tail N] [--previous] [--since D] [--follow] [--timestamps]
                                      any pod's log (its default container); exit 0 read, 2 bad input,
                                      3 the cluster, the gang or the pod cannot be read
              events [--for node/NAME | NS/pod/NAME | NS/GANG] [--warnings] [--since 1h]
                                      the cluster's Events (or one node's, pod's, or gang's: its workload
                                      object's and its ranks' pods'), newest first, one line each: last seen,
                                      type, reason, object, count, message; ◆ marks Flightdeck's own; exit 0,
                                      3 when the cluster or the gang cannot be read
              drill list              the incident-response drill scenarios: bundled, then yours
                                      (drills/*.yaml in the config directory), a refused file with where it is wrong
              drill validate FILE     check a scenario file; exit 0 when it is valid, 2 with file:line:column if not
              drill run SCENARIO [--responder CMD] [--pace N] [--context C]
                                      run a drill (a bundled id, one of yours, or a file) on its own sandbox, or,
                                      with --context, on virtual nodes of that staging cluster (its settings must
                                      say "drills": true); CMD runs from this directory, as your shell would run
                                      it (relative paths as typed), gets KUBECONFIG and FLIGHTDECK_HOME for the
                                      drill and FLIGHTDECK_DRILL_DIR (the drill's folder), and responds with
                                      flightdeck's headless commands or kubectl; prints the report and keeps it;
                                      exit 0 recovered within the limit, 1 not, 2 a bad scenario, 3 the cluster
                                      could not be set up or read, or CMD could not be started (not found, not
                                      executable: never judged), 4 the context refuses drills
              journal restore ENTRY [--confirm NAME] [--accept-redacted]
                                      create again the workload a resume saved in the journal entry ENTRY (its time,
                                      e.g. 2026-11-24T22:41:03.123Z) before deleting it, when the new one was never
                                      made; prints the plan, and restores with --confirm naming the workload.
                                      Secrets are never journaled: when the saved copy had some (literal env
                                      values, arguments, annotations), the plan names them and the restore
                                      needs --accept-redacted to create it with placeholders in their place
              drill cleanup --context C --run ID [--confirm ID]
                                      list what drill run ID left on a staging cluster (its namespace, virtual
                                      nodes, their Leases and validation Jobs); with --confirm naming the run,
                                      delete exactly those, by name and UID; without --run, list the runs there
                --pace N                (drill run) strike faults N times sooner than the scenario says (1..100)
              --kubeconfig FILE       kubeconfig to use (else $KUBECONFIG, else ~/.kube/config)
              --context NAME          context to use (else the kubeconfig's current-context)
              --all-contexts          (check, console) every context of the kubeconfig
              --sandbox               use the embedded sandbox cluster (also used when no kubeconfig exists)
              --sandbox-nodes N       sandbox size, 1..7500 GPU nodes (default 64)
              --version               which Flightdeck this is: version, commit, build time, Java, JavaFX, license""";

    /** The command line, read and checked ({@link LaunchParser}); a bad one is a {@link UsageException} in one line. */
    public static LaunchOptions parse(String... args) throws UsageException {
        return LaunchParser.parse(args);
    }
}
