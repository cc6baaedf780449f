package dev.flightdeck.drills.cli;

import dev.flightdeck.app.cli.CheckCommand;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.drills.ScenarioCatalog;
import dev.flightdeck.app.settings.AppDirectories;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code flightdeck drill list} and {@code flightdeck drill validate FILE}: what can be
 * rehearsed, and whether a scenario someone wrote will be accepted. Refusals go to
 * stderr as {@code file:line:column: what is wrong}.
 */
public final class DrillCommand {

    private DrillCommand() {
    }

    public static int run(LaunchOptions options, java.util.Map<String, String> env, PrintStream out, PrintStream err) {
        return run(options, AppDirectories.standard(), env, out, err);
    }

    /** With {@code dirs} as Flightdeck's home: the user's scenarios, settings and kept results. */
    public static int run(LaunchOptions options, AppDirectories dirs, java.util.Map<String, String> env, PrintStream out,
                          PrintStream err) {
        return switch (options.drill().action()) {
            case "run" -> DrillRunCommand.run(options, dirs, env, out, err);
            case "cleanup" -> DrillCleanupCommand.run(options, dirs, env, out, err);
            default -> run(options, dirs.config().resolve("drills"), out, err);
        };
    }

    static int run(LaunchOptions options, Path userDir, PrintStream out, PrintStream err) {
        if (options.drill().action().equals("validate")) {
            ScenarioCatalog.Entry e = ScenarioCatalog.load(Path.of(options.drill().file()));
            if (!e.ok()) {
                err.println("flightdeck: " + e.error().getMessage());
                return CheckCommand.USAGE;
            }
            out.println(e.source() + ": valid — " + line(e.scenario()));
            return CheckCommand.OK;
        }
        List<ScenarioCatalog.Entry> all = ScenarioCatalog.all(userDir);
        out.printf("%-30s %-9s %-6s %s%n", "SCENARIO", "LEVEL", "LIMIT", "FAULTS — TITLE");
        for (ScenarioCatalog.Entry e : all) {
            if (e.ok()) {
                Scenario s = e.scenario();
                out.printf("%-30s %-9s %-6s %s — %s%s%n", s.id(), level(s), s.limit().toMinutes() + "m", faults(s),
                        s.title(), e.source().equals("bundled") ? "" : " (" + e.source() + ")");
            } else {
                err.println("flightdeck: refused " + e.error().getMessage());
            }
        }
        return CheckCommand.OK;
    }

    private static String line(Scenario s) {
        return s.id() + ": " + s.title() + "; " + s.faults().size() + (s.faults().size() == 1 ? " fault" : " faults")
                + " (" + faults(s) + "), recovered within " + s.limit().toMinutes() + " min";
    }

    private static String level(Scenario s) {
        return s.level().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static String faults(Scenario s) {
        return s.faults().stream().map(f -> f.kind().word()).collect(Collectors.joining(", "));
    }
}
