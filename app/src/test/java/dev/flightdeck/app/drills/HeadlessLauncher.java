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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What drill tests need to run {@code flightdeck drill run} with a real scripted responder, in-process or
 * as a process of its own: a {@code flightdeck} launcher (a script running the headless commands on this
 * test's class path, as "$FLIGHTDECK" for the responders), the responders' folder, and the run's output.
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
        Files.writeString(launcher, "#!/bin/sh\nexec '" + java()
                + "' -Djava.awt.headless=true -XX:TieredStopAtLevel=1 -cp '" + System.getProperty("java.class.path")
                + "' dev.flightdeck.app.cli.Headless \"$@\"\n");
        if (!launcher.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + launcher + " executable");
        }
    }

    private static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
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

    /**
     * Runs {@code flightdeck drill …} as a process of its own started in {@code workingDir}, as a person
     * or a CI job does, with {@code home} as its Flightdeck home (where its output is kept too).
     */
    Ran drillRunFrom(Path workingDir, Path home, String... args) throws IOException, InterruptedException {
        // The application's launcher, in short: this test's class path, with the embedded sandbox.
        List<String> command = new ArrayList<>(List.of(java().toString(), "-Djava.awt.headless=true",
                "--sun-misc-unsafe-memory-access=allow", "-XX:TieredStopAtLevel=1"));
        String secrets = System.getProperty("flightdeck.test.secrets");
        if (secrets != null) {
            command.add("-Dflightdeck.test.secrets=" + secrets); // its sandbox's keys are remembered for the scan too
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SandboxedHeadless.class.getName()));
        command.addAll(List.of(args));
        Files.createDirectories(home);
        Path out = home.resolve("drill-run.out");
        Path err = home.resolve("drill-run.err");
        ProcessBuilder pb = new ProcessBuilder(command).directory(workingDir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("FLIGHTDECK_HOME", home.toString());
        pb.environment().put("FLIGHTDECK_LAUNCHER", launcher.toString());
        Process p = pb.start();
        // Not a time limit on the drill (its own limit ends it): only a hung run must not hang the build.
        if (!p.waitFor(20, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        int code = p.waitFor();
        return new Ran(code, Files.readString(out), Files.readString(err));
    }

    /** The responder command line for {@code script} in the responders' folder. */
    static String responder(String script) {
        return "sh '" + RESPONDERS.resolve(script) + "'";
    }
}
