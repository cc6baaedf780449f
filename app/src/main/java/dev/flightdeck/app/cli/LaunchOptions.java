package dev.flightdeck.app.cli;

import java.nio.file.Path;

/**
 * The command line shared by the console, {@code check} and the packaged launcher:
 * {@code flightdeck [check | plan drain NODE | plan resume NS/GANG] [--kubeconfig FILE] [--context NAME] [--sandbox] [--sandbox-nodes N]}.
 */
public record LaunchOptions(Command command, Path kubeconfig, String context, boolean sandbox, int sandboxNodes,
                            PlanRequest plan) {

    public enum Command { UI, CHECK, PLAN, HELP }

    /**
     * {@code plan drain NODE [--delete-emptydir-data] [--force]} or {@code plan resume NS/GANG [--step N]}:
     * what to plan, the consents given, and the checkpoint step picked (-1: the newest complete).
     */
    public record PlanRequest(String action, String target, boolean deleteEmptyDirData, boolean force, long step) {
    }

    /** The actions that have a plan; each prints what it would do and changes nothing. */
    static final java.util.List<String> PLANNABLE = java.util.List.of("drain", "preflight", "resume");

    public static final int MAX_SANDBOX_NODES = 7_500;

    public static final String USAGE = """
            usage: flightdeck [check | plan drain|preflight NODE | plan resume NS/GANG] [--kubeconfig FILE] [--context NAME] [--sandbox] [--sandbox-nodes N]
              (no command)       start the console
              check              connect, wait for the watches to sync, print a report and exit
              plan drain NODE    print what draining NODE would do (pods evicted, skipped, blocking; budgets;
                                 gangs broken with GPU-hours at risk) and change nothing
                --delete-emptydir-data  consent to losing pods' emptyDir data (as kubectl drain)
                --force                 consent to deleting pods no controller recreates
              plan preflight NODE print the validation Job that would re-run preflight on NODE (pinned by
                                 affinity, all its GPUs), the gate taint and labels set on pass and fail
              plan resume NS/GANG  print how a halted or failed gang would be resumed from its checkpoint:
                                 the checkpoint, the workload before and after (a diff), what is deleted
                                 and created; changes nothing
                --step N                resume from this checkpoint step instead of the newest complete one
              --kubeconfig FILE  kubeconfig to use (else $KUBECONFIG, else ~/.kube/config)
              --context NAME     context to use (else the kubeconfig's current-context)
              --sandbox          use the embedded sandbox cluster (also used when no kubeconfig exists)
              --sandbox-nodes N  sandbox size, 1..7500 GPU nodes (default 64)""";

    public static LaunchOptions parse(String... args) throws UsageException {
        Command command = Command.UI;
        Path kubeconfig = null;
        String context = null;
        boolean sandbox = false;
        int nodes = 0;
        String planAction = null;
        String planTarget = null;
        boolean emptyDir = false;
        boolean force = false;
        long step = -1;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String inlineValue = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                inlineValue = a.substring(eq + 1);
                a = a.substring(0, eq);
            }
            switch (a) {
                case "check" -> command = Command.CHECK;
                case "plan" -> {
                    command = Command.PLAN;
                    planAction = value(args, ++i, "plan");
                    if (!PLANNABLE.contains(planAction)) {
                        throw new UsageException("cannot plan '" + planAction + "': plannable are " + PLANNABLE);
                    }
                    planTarget = value(args, ++i, "plan " + planAction);
                }
                case "--delete-emptydir-data" -> emptyDir = true;
                case "--force" -> force = true;
                case "--step" -> {
                    String v = inlineValue != null ? inlineValue : value(args, ++i, a);
                    try {
                        step = Long.parseLong(v.trim());
                    } catch (NumberFormatException e) {
                        throw new UsageException("--step needs a whole number, not '" + v + "'");
                    }
                }
                case "help", "--help", "-h" -> command = Command.HELP;
                case "--sandbox" -> sandbox = true;
                case "--kubeconfig" -> {
                    String v = inlineValue != null ? inlineValue : value(args, ++i, a);
                    kubeconfig = Path.of(v);
                }
                case "--context" -> context = inlineValue != null ? inlineValue : value(args, ++i, a);
                case "--sandbox-nodes" -> {
                    String v = inlineValue != null ? inlineValue : value(args, ++i, a);
                    nodes = parseNodes(v);
                    sandbox = true;
                }
                default -> throw new UsageException("unknown argument '" + a + "' (try --help)");
            }
        }
        if (sandbox && (kubeconfig != null || context != null)) {
            throw new UsageException("--sandbox cannot be combined with --kubeconfig or --context");
        }
        if ((emptyDir || force) && !"drain".equals(planAction)) {
            throw new UsageException("--delete-emptydir-data and --force only go with plan drain");
        }
        if (step >= 0 && !"resume".equals(planAction)) {
            throw new UsageException("--step only goes with plan resume");
        }
        PlanRequest plan = command == Command.PLAN ? new PlanRequest(planAction, planTarget, emptyDir, force, step) : null;
        return new LaunchOptions(command, kubeconfig, context, sandbox, nodes == 0 ? 64 : nodes, plan);
    }

    private static String value(String[] args, int i, String flag) throws UsageException {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new UsageException(flag + " needs a value");
        }
        return args[i];
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
