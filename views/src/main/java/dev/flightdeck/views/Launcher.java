package dev.flightdeck.views;

import dev.flightdeck.app.cli.CheckCommand;
import dev.flightdeck.app.cli.LaunchOptions;
import dev.flightdeck.app.cli.UsageException;
import dev.flightdeck.views.shell.FlightdeckApp;
import javafx.application.Application;

import java.io.PrintStream;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The main class. Deliberately not an {@link Application}: the packaged app runs on the
 * class path, where a JavaFX main class would be refused ("JavaFX runtime components
 * are missing"), and {@code check} and {@code --help} must work with no display at all.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) {
        // Always exit explicitly: HTTP client threads of a closed session must not keep the JVM alive.
        System.exit(run(args, System.getenv(), System.out, System.err,
                a -> Application.launch(FlightdeckApp.class, a)));
    }

    /** The whole command line, minus the exit; {@code ui} starts the window and returns when it closes. */
    static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err, Consumer<String[]> ui) {
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
            case CHECK -> CheckCommand.run(options, env, out, err);
            case UI -> {
                ui.accept(args);
                yield 0;
            }
        };
    }
}
