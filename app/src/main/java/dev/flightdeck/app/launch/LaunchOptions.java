package dev.flightdeck.app.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;

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

    public static LaunchOptions parse(String... args) throws UsageException {
        // logs has flags of its own (--since, --tail …): taken out first, so the common ones are read as for any command.
        LogsRequest.Extracted logs = LogsRequest.extract(args);
        if (logs != null) {
            LaunchOptions rest = parse(logs.rest());
            if (rest.command() == Command.HELP || rest.command() == Command.VERSION) {
                return rest;
            }
            if (rest.command() != Command.UI || rest.request() != null || rest.contexts() != null) {
                throw new UsageException("logs takes one NAMESPACE/NAME, its own flags and --kubeconfig, --context or --sandbox");
            }
            return new LaunchOptions(Command.LOGS, rest.kubeconfig(), rest.context(), rest.sandbox(), rest.sandboxNodes(),
                    null, null, null, null, null, logs.request(), null);
        }
        Command command = Command.UI;
        Path kubeconfig = null;
        String context = null;
        boolean sandbox = false;
        int nodes = 0;
        String action = null;
        String target = null;
        boolean emptyDir = false;
        boolean force = false;
        boolean acceptRedacted = false;
        long step = -1;
        String check = null;
        Duration timeout = null;
        String confirm = null;
        String reason = null;
        DrillRequest drill = null;
        String responder = null;
        String pace = null;
        String run = null;
        JournalRequest journal = null;
        boolean allContexts = false;
        GetRequest.Builder get = null;
        String getNamespace = null;
        String getOutput = null;
        EventsRequest.Builder events = new EventsRequest.Builder();
        String watch = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String inlineValue = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                inlineValue = a.substring(eq + 1);
                a = a.substring(0, eq);
            } else {
                String[] shortFlag = GetRequest.splitShortFlag(a); // -ojson, -n=training, as kubectl takes them
                a = shortFlag[0];
                inlineValue = shortFlag[1];
            }
            switch (a) {
                case "check" -> command = Command.CHECK;
                case "--watch" -> watch = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "events" -> command = Command.EVENTS;
                case "--for", "--warnings", "--since" -> i = events.parse(a, inlineValue, args, i);
                case "drill" -> {
                    command = Command.DRILL;
                    String what = value(args, ++i, "drill");
                    drill = switch (what) {
                        case "list" -> new DrillRequest("list", null);
                        case "validate" -> new DrillRequest("validate", value(args, ++i, "drill validate"));
                        case "run" -> new DrillRequest("run", value(args, ++i, "drill run"));
                        case "cleanup" -> new DrillRequest("cleanup", null);
                        default -> throw new UsageException("drill takes list, validate FILE, run SCENARIO or cleanup, "
                                + "not '" + what + "'");
                    };
                }
                case "journal" -> {
                    command = Command.JOURNAL;
                    String what = value(args, ++i, "journal");
                    if (!what.equals("restore")) {
                        throw new UsageException("journal takes restore ENTRY, not '" + what + "'");
                    }
                    journal = new JournalRequest("restore", value(args, ++i, "journal restore"), null, false);
                }
                case "plan" -> {
                    command = Command.PLAN;
                    action = value(args, ++i, "plan");
                    if (!ActionRequest.PLANNABLE.contains(action)) {
                        throw new UsageException("cannot plan '" + action + "': plannable are " + ActionRequest.PLANNABLE);
                    }
                    target = value(args, ++i, "plan " + action);
                }
                case "drain", "cordon", "uncordon", "preflight", "resume" -> {
                    if (command == Command.PLAN || command == Command.EXECUTE) {
                        throw new UsageException("one action at a time, not '" + a + "' after '" + action + "'");
                    }
                    command = Command.EXECUTE;
                    action = a;
                    target = value(args, ++i, a);
                }
                case "get" -> {
                    if (command != Command.UI) {
                        throw new UsageException("one command at a time, not 'get' with another");
                    }
                    command = Command.GET;
                    get = new GetRequest.Builder(); // its KIND/NAME words come below, before or after flags
                }
                case "-n", "--namespace" -> getNamespace = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "-o", "--output" -> getOutput = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "--delete-emptydir-data" -> emptyDir = true;
                case "--force" -> force = true;
                case "--accept-redacted" -> acceptRedacted = true;
                case "--step" -> step = parseStep(inlineValue != null ? inlineValue : value(args, ++i, a));
                case "--check" -> check = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "--timeout" -> timeout = parseTimeout(inlineValue != null ? inlineValue : value(args, ++i, a));
                case "--confirm" -> confirm = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "--reason" -> reason = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "--responder" -> responder = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "--pace" -> pace = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "--run" -> run = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "help", "--help", "-h" -> command = Command.HELP;
                case "version", "--version" -> command = Command.VERSION;
                case "--sandbox" -> sandbox = true;
                case "--all-contexts" -> allContexts = true;
                case "--kubeconfig" -> kubeconfig = Path.of(inlineValue != null ? inlineValue : value(args, ++i, a));
                case "--context" -> context = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "--sandbox-nodes" -> {
                    nodes = parseNodes(inlineValue != null ? inlineValue : value(args, ++i, a));
                    sandbox = true;
                }
                default -> {
                    if (get == null || a.startsWith("-")) {
                        throw new UsageException("unknown argument '" + a + "' (try --help)");
                    }
                    get.word(a);
                }
            }
        }
        if (sandbox && (kubeconfig != null || context != null || allContexts)) {
            throw new UsageException("--sandbox cannot be combined with --kubeconfig, --context or --all-contexts");
        }
        ContextList contexts = null;
        if (allContexts || context != null && context.contains(",")) {
            if (allContexts && context != null) {
                throw new UsageException("--all-contexts and --context name the clusters twice: give one of them");
            }
            if (command != Command.CHECK && command != Command.UI) {
                // The classic multi-cluster mistake is an action on the wrong cluster: an action names one.
                throw new UsageException("several contexts are for check and the console; an action or a drill "
                        + "takes one --context");
            }
            java.util.List<String> names = new java.util.ArrayList<>();
            if (context != null) {
                for (String n : context.split(",")) {
                    if (n.isBlank()) {
                        throw new UsageException("--context " + context + " has an empty name");
                    }
                    if (!names.contains(n.strip())) {
                        names.add(n.strip());
                    }
                }
            }
            contexts = new ContextList(names, allContexts);
            context = null;
        }
        if ((responder != null || pace != null) && (drill == null || !drill.action().equals("run"))) {
            throw new UsageException("--responder and --pace belong to drill run SCENARIO");
        }
        if (drill != null && drill.action().equals("run")) {
            drill = new DrillRequest("run", drill.file(), responder, pace == null ? 1 : parsePace(pace), null, null);
        }
        if (run != null && (drill == null || !drill.action().equals("cleanup"))) {
            throw new UsageException("--run belongs to drill cleanup");
        }
        if (acceptRedacted && journal == null) {
            throw new UsageException("--accept-redacted belongs to journal restore ENTRY");
        }
        if (journal != null) {
            journal = new JournalRequest(journal.action(), journal.entry(), confirm, acceptRedacted);
            confirm = null;
        }
        if (drill != null && drill.action().equals("cleanup")) {
            // cleanup deletes (one run's leftovers): like an action, it lists first and needs --confirm RUN
            drill = new DrillRequest("cleanup", null, null, 1, confirm, run);
            confirm = null;
        }
        if (get != null) {
            if (command != Command.GET) {
                throw new UsageException("one command at a time, not get with " + command.name().toLowerCase(java.util.Locale.ROOT));
            }
            if (getNamespace != null) {
                get.namespace(getNamespace);
            }
            get.output(getOutput);
        } else if (getNamespace != null || getOutput != null) {
            throw new UsageException("-n and -o belong to get KIND/NAME");
        }
        ActionRequest request = null;
        if (action != null) {
            request = new ActionRequest(action, target, emptyDir, force, step, check, timeout, confirm, reason);
            request.validate(command == Command.EXECUTE);
        } else if (emptyDir || force || step >= 0 || check != null || timeout != null || confirm != null || reason != null) {
            throw new UsageException("action flags (--confirm, --reason, --force, --step, …) need an action, e.g. drain NODE");
        }
        Duration every = null;
        if (watch != null) {
            if (command != Command.CHECK || contexts != null) {
                throw new UsageException("--watch belongs to check of one cluster: flightdeck check --watch SECONDS");
            }
            every = parseWatch(watch);
        }
        return new LaunchOptions(command, kubeconfig, context, sandbox, nodes == 0 ? 64 : nodes, request, drill, journal,
                contexts, get == null ? null : get.build(), null, events.build(command == Command.EVENTS), every);
    }

    /** Whole seconds, 1 to 3600 ({@code 5} or {@code 5s}). */
    private static Duration parseWatch(String v) throws UsageException {
        String t = v.trim().toLowerCase(java.util.Locale.ROOT);
        t = t.endsWith("s") ? t.substring(0, t.length() - 1) : t;
        try {
            long seconds = Long.parseLong(t);
            if (seconds < 1 || seconds > 3600) {
                throw new UsageException("--watch must be from 1 to 3600 seconds, not " + v);
            }
            return Duration.ofSeconds(seconds);
        } catch (NumberFormatException e) {
            throw new UsageException("--watch needs whole seconds, e.g. 5, not '" + v + "'");
        }
    }

    static String value(String[] args, int i, String flag) throws UsageException {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new UsageException(flag + " needs a value");
        }
        return args[i];
    }

    private static long parseStep(String v) throws UsageException {
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--step needs a whole number, not '" + v + "'");
        }
    }

    /** {@code 15m}, {@code 90s}, {@code 1h}, or ISO-8601 ({@code PT15M}). */
    private static Duration parseTimeout(String v) throws UsageException {
        String t = v.trim().toLowerCase(java.util.Locale.ROOT);
        try {
            Duration d = t.matches("\\d+[smh]") ? Duration.parse("PT" + t.toUpperCase(java.util.Locale.ROOT)) : Duration.parse(v.trim());
            if (d.isNegative() || d.isZero()) {
                throw new UsageException("--timeout must be positive, not '" + v + "'");
            }
            return d;
        } catch (DateTimeParseException e) {
            throw new UsageException("--timeout needs a duration such as 15m, 90s or 1h, not '" + v + "'");
        }
    }

    private static double parsePace(String v) throws UsageException {
        try {
            double p = Double.parseDouble(v.trim());
            if (!(p >= 1 && p <= 100)) {
                throw new UsageException("--pace must be between 1 and 100, not " + v);
            }
            return p;
        } catch (NumberFormatException e) {
            throw new UsageException("--pace needs a number, e.g. 10, not '" + v + "'");
        }
    }

    private static int parseNodes(String v) throws UsageException {
        try {
            int n = Integer.parseInt(v.trim());
            if (n < 1 || n > MAX_SANDBOX_NODES) {
                throw new UsageException("--sandbox-nodes must be between 1 and " + MAX_SANDBOX_NODES + ", not " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--sandbox-nodes needs a whole number, not '" + v + "'");
        }
    }
}
