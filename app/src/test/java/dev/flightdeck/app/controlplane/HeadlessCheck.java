package dev.flightdeck.app.controlplane;

import dev.flightdeck.app.cli.Headless;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code flightdeck check} as a person runs it: a JVM of its own, whose Flightdeck home holds its settings file (the
 * cluster's Prometheus, its team key). Its own home keeps that file away from every other test's sessions.
 */
public final class HeadlessCheck {

    /** What one run returned and printed. */
    public record Ran(int exit, List<String> out, String err) {
        public String all() {
            return String.join("\n", out) + "\n--- stderr ---\n" + err;
        }
    }

    private HeadlessCheck() {
    }

    /** The settings file as a person writes it: the context's Prometheus by URL, nothing else. */
    public static void settings(Path home, String context, URI prometheus) throws IOException {
        Path config = Files.createDirectories(home.resolve("flightdeck-home").resolve("config"));
        Files.writeString(config.resolve("settings.json"), """
                {"clusters": {"%s": {"prometheus": {"url": "%s"}}}}
                """.formatted(context, prometheus));
    }

    /** Runs {@code check --kubeconfig kubeconfig} with {@code home} as HOME and its Flightdeck home beneath. */
    public static Ran run(Path home, Path kubeconfig) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true", "-XX:TieredStopAtLevel=1", "-Dflightdeck.home=" + home.resolve("flightdeck-home"),
                "-cp", System.getProperty("java.class.path"), Headless.class.getName(), "check", "--kubeconfig",
                kubeconfig.toString()));
        Path out = Files.createTempFile(home, "check", ".out");
        Path err = Files.createTempFile(home, "check", ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("HOME", home.toString());
        pb.environment().remove("KUBECONFIG");
        pb.environment().remove("FLIGHTDECK_HOME");
        Process p = pb.start();
        // Not a time limit on check: only a hung run must not hang the build.
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("check did not end in 180 s: " + Files.readString(out) + Files.readString(err));
        }
        return new Ran(p.exitValue(), Files.readAllLines(out), Files.readString(err));
    }
}
