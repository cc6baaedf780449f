package dev.flightdeck.app.launch;

import dev.flightdeck.app.launch.LaunchOptions.Command;
import dev.flightdeck.app.launch.LaunchOptions.ContextList;
import dev.flightdeck.app.launch.LaunchOptions.DrillRequest;
import dev.flightdeck.app.launch.LaunchOptions.JournalRequest;

import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;

import static dev.flightdeck.app.launch.LaunchOptions.MAX_SANDBOX_NODES;

/**
 * Reads the command line into {@link LaunchOptions}: each word and flag in turn, then the checks of which flags
 * belong together; a bad one is a {@link UsageException} in one line ({@link LaunchOptions#USAGE} says them all).
 */
final class LaunchParser {

    private LaunchParser() {
    }

    static LaunchOptions parse(String... args) throws UsageException {
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
