package dev.flightdeck.views;

import dev.flightdeck.app.cli.Headless;
import dev.flightdeck.app.secrets.Redaction;
import dev.flightdeck.views.shell.FlightdeckApp;
import dev.flightdeck.views.shell.JavafxVersion;
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

    /** Exit code when the window toolkit cannot start. */
    static final int NO_WINDOW = 4;

    private Launcher() {
    }

    public static void main(String[] args) {
        // Every line the process prints or logs passes the redaction boundary.
        Redaction.guardStandardStreams();
        dev.flightdeck.app.trace.StartupTrace.install(System.getenv());
        // Always exit explicitly: HTTP client threads of a closed session must not keep the JVM alive.
        System.exit(run(args, System.getenv(), System.out, System.err,
                a -> Application.launch(FlightdeckApp.class, a)));
    }

    /** The whole command line, minus the exit; {@code ui} starts the window and returns when it closes. */
    static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err, Consumer<String[]> ui) {
        EmbeddedSandbox.install();
        int headless = Headless.run(args, env, out, err, java.util.List.of(JavafxVersion.line()));
        if (headless != Headless.NOT_HEADLESS) {
            return headless;
        }
        try {
            ui.accept(args);
            return 0;
        } catch (UnsupportedOperationException | IllegalStateException e) {
            // The toolkit could not start: no GTK 3, no display. Say so in one line.
            err.println("flightdeck: cannot open the console window (" + e.getMessage() + "); on Linux it needs"
                    + " a display and GTK 3: apt-get install libgtk-3-0 libgl1 libxtst6."
                    + " `flightdeck check` works without either.");
            return NO_WINDOW;
        }
    }
}
