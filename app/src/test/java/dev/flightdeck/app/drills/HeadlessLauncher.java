package dev.flightdeck.app.drills;

import dev.flightdeck.app.cli.DrillCommand;
import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.UsageException;
import dev.flightdeck.app.settings.AppDirectories;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * What drill tests need to run {@code flightdeck drill run} in-process with a real scripted responder:
 * a {@code flightdeck} launcher (a script running the headless commands on this test's class path, as
 * "$FLIGHTDECK" for the responders), the responders' folder, and the run's output.
 */
final class HeadlessLauncher {

    static final Path RESPONDERS = Path.of("..", "assets", "drills", "responders").toAbsolutePath().normalize();

    /** What one {@code drill run} printed and returned. */
    record Ran(int code, String out, String err) {
        String log() {
            return out + "\n--- stderr ---\n" + err;
        }
    }

    private final Path launcher;

    HeadlessLauncher(Path bin) throws IOException {
        launcher = bin.resolve("flightdeck");
        Files.writeString(launcher, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -Djava.awt.headless=true -XX:TieredStopAtLevel=1 -cp '" + System.getProperty("java.class.path")
                + "' dev.flightdeck.app.cli.Headless \"$@\"\n");
        if (!launcher.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + launcher + " executable");
        }
    }

    /** Runs {@code flightdeck drill …} in this JVM with {@code dirs} as the Flightdeck home. */
    Ran drillRun(AppDirectories dirs, String... args) throws UsageException {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.put("FLIGHTDECK_LAUNCHER", launcher.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DrillCommand.run(LaunchOptions.parse(args), dirs, env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The responder command line for {@code script} in the responders' folder. */
    static String responder(String script) {
        return "sh '" + RESPONDERS.resolve(script) + "'";
    }
}
