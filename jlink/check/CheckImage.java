/*
 * Packaging check, run by Maven in the jlink module's `verify` phase as a
 * single-file Java program (`java CheckImage.java ...`), so it works the same on
 * Linux, macOS and Windows without a shell.
 *
 * It starts the packaged launcher (the jpackage app image, with its own jlinked
 * runtime) the way a user would, with no display, and asserts that:
 *   - the process exits 0 within the time limit;
 *   - the first line it prints on stdout contains the expected text
 *     ("GPU nodes" for `check --sandbox`);
 *   - with --expect-last, the last line on stdout is exactly that text (the license
 *     notice that closes `--version`).
 * stderr (JVM warnings, logs) is shown but not judged.
 *
 * Usage: java CheckImage.java [--timeout SECONDS] [--expect TEXT] [--expect-last LINE] LAUNCHER ARGS...
 */
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

public class CheckImage {

    public static void main(String[] argv) throws Exception {
        List<String> args = new ArrayList<>(Arrays.asList(argv));
        long timeoutSeconds = 300;
        String expect = "GPU nodes";
        String expectLast = null;
        while (args.size() >= 2 && List.of("--timeout", "--expect", "--expect-last").contains(args.get(0))) {
            String option = args.remove(0);
            String value = args.remove(0);
            switch (option) {
                case "--timeout" -> timeoutSeconds = Long.parseLong(value);
                case "--expect" -> expect = value;
                default -> expectLast = value;
            }
        }
        if (args.isEmpty()) fail("usage: CheckImage [--timeout S] [--expect TEXT] [--expect-last LINE] LAUNCHER ARGS...");

        Path launcher = Path.of(args.get(0)).toAbsolutePath();
        if (!Files.isExecutable(launcher)) {
            fail("launcher not found or not executable: " + launcher
                    + " (did the jpackage app-image step run?)");
        }
        args.set(0, launcher.toString());

        ProcessBuilder pb = new ProcessBuilder(args);
        // Headless on purpose: `check` must never need a screen. Drop the display
        // variables so a developer's desktop session cannot hide a regression.
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        // The image must run as shipped: no JVM options leaking in from the build.
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.redirectInput(ProcessBuilder.Redirect.from(
                new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null")));

        System.out.println("[check-image] running: " + String.join(" ", args));
        long start = System.nanoTime();
        Process p = pb.start();
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        Thread reader = Thread.ofPlatform().daemon().start(() -> copy(p.getInputStream(), stdout));
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            reader.join(2_000);
            fail("timed out after " + timeoutSeconds + " s; stdout so far:\n" + text(stdout));
        }
        reader.join(10_000);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        String out = text(stdout);
        out.lines().forEach(line -> System.out.println("[check-image] | " + line));
        String firstLine = out.lines().findFirst().orElse("");
        if (p.exitValue() != 0) fail("exit code " + p.exitValue() + ", expected 0");
        if (!firstLine.contains(expect)) {
            fail("first line of stdout does not contain \"" + expect + "\": \"" + firstLine + "\"");
        }
        String lastLine = out.lines().reduce((a, b) -> b).orElse("");
        if (expectLast != null && !lastLine.equals(expectLast)) {
            fail("last line of stdout is not \"" + expectLast + "\": \"" + lastLine + "\"");
        }
        System.out.println("[check-image] OK in " + ms + " ms: exit 0, first line contains \"" + expect + "\""
                + (expectLast == null ? "" : ", last line is \"" + expectLast + "\""));
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        try (in) {
            in.transferTo(out);
        } catch (IOException ignored) {
            // the process is gone; whatever was read is judged
        }
    }

    private static String text(ByteArrayOutputStream out) {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    private static void fail(String message) {
        System.err.println("[check-image] FAILED: " + message);
        System.exit(1);
    }
}
