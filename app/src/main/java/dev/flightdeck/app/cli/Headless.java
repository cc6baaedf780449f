package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.UsageException;
import dev.flightdeck.app.secrets.Redaction;
import java.io.PrintStream;
import java.util.Map;

/**
 * The headless commands on their own ({@code check}, {@code plan}, the actions, {@code get}, {@code logs},
 * {@code --help}, and {@code drill} from the drills module through {@link CommandModule}), with no JavaFX on the
 * class path: the console's launcher hands them here, and a drill's scripted responder or a CI job can run this
 * class directly.
 */
public final class Headless {

    /** What {@link #run} returns for a command line that asks for the console window. */
    public static final int NOT_HEADLESS = -1;

    private Headless() {
    }

    public static void main(String[] args) {
        Redaction.guardStandardStreams();
        int code = run(args, System.getenv(), System.out, System.err,
                java.util.List.of("JavaFX: not loaded by the headless commands (dev.flightdeck.views.Launcher has it)"));
        if (code == NOT_HEADLESS) {
            System.err.println("flightdeck: the console window is not part of the headless commands; start "
                    + "dev.flightdeck.views.Launcher (assets/bin/flightdeck) for it");
            code = CheckCommand.USAGE;
        }
        // Always exit explicitly: HTTP client threads of a closed session must not keep the JVM alive.
        System.exit(code);
    }

    /** Runs a headless command line and returns its exit code, or {@link #NOT_HEADLESS}. */
    public static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        return run(args, env, out, err, java.util.List.of());
    }

    /**
     * As {@link #run(String[], Map, PrintStream, PrintStream)}; {@code --version} prints {@code runtimeLines}
     * after the build and the Java runtime (the console's launcher adds the JavaFX it runs on), then the license notice.
     */
    public static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err,
                          java.util.List<String> runtimeLines) {
        // The boundary: whatever a command prints, and whoever called it with whichever streams, is redacted.
        PrintStream guardedOut = Redaction.stream(out);
        PrintStream guardedErr = Redaction.stream(err);
        try {
            return dispatch(args, env, guardedOut, guardedErr, runtimeLines);
        } finally {
            guardedOut.flush(); // a last line without its newline
            guardedErr.flush();
        }
    }

    private static int dispatch(String[] args, Map<String, String> env, PrintStream out, PrintStream err,
                                java.util.List<String> runtimeLines) {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (UsageException e) {
            err.println("flightdeck: " + e.getMessage());
            return CheckCommand.USAGE;
        }
        return switch (options.command()) {
            case HELP -> {
                out.println(LaunchOptions.USAGE);
                yield 0;
            }
            case VERSION -> {
                out.println(dev.flightdeck.app.about.BuildInfo.current().line());
                out.println(dev.flightdeck.app.about.BuildInfo.runtime());
                runtimeLines.forEach(out::println);
                out.println(dev.flightdeck.app.about.License.NOTICE);
                yield 0;
            }
            case CHECK -> CheckCommand.run(options, env, out, err);
            case PLAN -> PlanCommand.run(options, env, out, err);
            case EXECUTE -> ActCommand.run(options, env, out, err);
            case DRILL -> moduleCommand(options, env, out, err);
            case JOURNAL -> JournalCommand.run(options, env, out, err);
            case GET -> GetCommand.run(options, env, out, err);
            case LOGS -> LogsCommand.run(options, env, out, err);
            case EVENTS -> EventsCommand.run(options, env, out, err);
            case UI -> NOT_HEADLESS;
        };
    }

    private static int moduleCommand(LaunchOptions options, Map<String, String> env, PrintStream out,
                                     PrintStream err) {
        return CommandModule.forCommand(options.command())
                .map(module -> module.run(options, env, out, err))
                .orElseGet(() -> {
                    err.println("flightdeck: " + options.command().name().toLowerCase(java.util.Locale.ROOT)
                            + " is not part of this build (its module is not on the class path)");
                    return CheckCommand.USAGE;
                });
    }
}
