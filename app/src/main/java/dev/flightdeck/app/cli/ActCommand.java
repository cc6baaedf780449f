package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.ActionRequest;
import dev.flightdeck.app.actions.ActionRefused;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.resume.ResumeRefusal;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code flightdeck drain|cordon|uncordon|preflight|resume TARGET --confirm NAME}: runs what the
 * matching plan prints, exactly as the console does it (journal, Events, read-only contexts and
 * RBAC honoured), for runbooks and drills. Without {@code --confirm} naming the target it prints
 * the plan and exits 2, changing nothing. Progress goes to stderr, the outcome line to stdout.
 *
 * <p>Exit codes: 0 done, 2 not confirmed or bad arguments, 3 the cluster or the target cannot be
 * read, 4 refused (read-only, RBAC, the plan says no), 5 timed out, 6 failed, 130 stopped.
 */
public final class ActCommand {

    public static final int NOT_CONFIRMED = CheckCommand.USAGE;
    public static final int REFUSED = 4;
    public static final int TIMED_OUT = 5;
    public static final int FAILED = 6;
    public static final int STOPPED = 130;

    private ActCommand() {
    }

    /** One action as the command line names it: the run it makes, and the exit code of its outcome. */
    interface Action<P, E, O> {
        ActionRun<P, E, O> run(ActionSession s, ActionRequest req);

        int exitCode(O outcome);

        /** Lines printed after the outcome's summary (a failed preflight's log tail). */
        default List<String> more(O outcome) {
            return List.of();
        }
    }

    /** How a run in progress is asked to stop (Ctrl-C): the action registers what stopping means for it. */
    public static final class StopSignal {
        private volatile Runnable onStop = () -> {
        };

        public void onStop(Runnable r) {
            onStop = r;
        }

        void stop() {
            onStop.run();
        }
    }

    public static int run(LaunchOptions options, Map<String, String> env, PrintStream out, PrintStream err) {
        ActionRequest req = options.request();
        if (req.confirmed() && req.needsReason() && (req.reason() == null || req.reason().isBlank())) {
            err.println("flightdeck: " + req.action() + " needs --reason WHY: it is journaled and written on the node for teammates");
            return CheckCommand.USAGE;
        }
        try (SyncedSession.Opened o = SyncedSession.openWithTarget(options, env, err)) {
            if (o == null) {
                return CheckCommand.UNREADABLE;
            }
            if ("resume".equals(req.action())) {
                StalledGangs.judgeBeforeResume(o.session(), req.target(), err);
            }
            ActionSession s = ActionSession.standard(o.session(), o.target(), o.settings(), Clock.systemUTC());
            Action<?, ?, ?> action = switch (req.action()) {
                case "cordon", "uncordon" -> new NodeCordonAction();
                case "drain" -> new NodeDrainAction();
                case "preflight" -> new NodePreflightAction();
                default -> new GangResumeAction();
            };
            return withCtrlC(stop -> act(action, s, req, out, err, stop), err);
        } catch (ResumeRefusal r) {
            out.println(r.getMessage()); // a plan that cannot be made is the plan's answer
            return REFUSED;
        } catch (ActionRefused r) {
            err.println("flightdeck: refused: " + r.getMessage());
            return REFUSED;
        } catch (IOException e) {
            err.println("flightdeck: " + req.action() + " " + req.target() + ": " + e.getMessage());
            return CheckCommand.UNREADABLE;
        }
    }

    /**
     * The one shape of every headless action: the plan printed; without a confirmation naming the
     * target, nothing else; refused in words (read-only, RBAC, the plan); else the plan journaled and
     * the run carried out with its steps on stderr and its outcome's summary on stdout.
     */
    private static <P, E, O> int act(Action<P, E, O> action, ActionSession s, ActionRequest req, PrintStream out,
                                     PrintStream err, StopSignal stop) throws IOException, ActionRefused {
        ActionRun<P, E, O> run = action.run(s, req);
        P plan = run.read();
        if (!confirmedAfter(run.lines(plan), req, out, err)) {
            return NOT_CONFIRMED;
        }
        String why = run.whyNot(plan);
        if (why != null) {
            err.println("flightdeck: refused: " + why);
            return REFUSED;
        }
        run.planned(plan);
        stop.onStop(run::cancel); // Ctrl-C stops it as the console's Stop does (a resume past its delete goes on)
        O outcome = run.execute(plan, req.reason() == null ? "" : req.reason().strip(),
                e -> err.println(run.operation().line(e)));
        out.println(run.operation().ending(plan, outcome).summary());
        action.more(outcome).forEach(l -> out.println("  " + l));
        return action.exitCode(outcome);
    }

    @FunctionalInterface
    public interface Body {
        int run(StopSignal stop) throws IOException, ActionRefused;
    }

    /**
     * Runs {@code body} so that Ctrl-C stops the action the way the console's Stop does, and waits
     * (up to a minute) for its outcome to be journaled before the process ends.
     */
    public static int withCtrlC(Body body, PrintStream err) throws IOException, ActionRefused {
        StopSignal stop = new StopSignal();
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = Thread.ofPlatform().unstarted(() -> {
            err.println("flightdeck: stopping: no further steps; waiting for the outcome to be journaled");
            stop.stop();
            try {
                finished.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return body.run(stop);
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C arrived: the hook is running and will return now that the run has finished
            }
        }
    }

    /** Prints the plan and, when it was not confirmed, what to type; returns whether to go on. */
    static boolean confirmedAfter(List<String> plan, ActionRequest req, PrintStream out, PrintStream err) {
        plan.forEach(out::println);
        out.flush();
        if (req.confirmed()) {
            return true;
        }
        err.println("flightdeck: not executed: " + (req.confirm() == null ? "" : "--confirm " + req.confirm()
                + " does not name " + req.confirmationName() + "; ") + "run it again with --confirm " + req.confirmationName()
                + (req.needsReason() ? " --reason WHY" : ""));
        return false;
    }
}
