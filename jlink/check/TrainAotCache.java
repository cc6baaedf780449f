/*
 * Packaging step, run by Maven in the jlink module's `package` phase between the app
 * image and the installers, as a single-file Java program (no shell, any OS).
 *
 * It builds the JDK's AOT cache (JEP 483/514/515: classes loaded and linked, method
 * profiles) for the app image by running the console once the way the launcher would —
 * the image's own runtime, the launcher's java-options and its class path in the same
 * order, with absolute paths (the cache checks the class path; moving the whole image,
 * as installing the .deb does, is fine) — headless on the embedded sandbox until it shows
 * live data (FLIGHTDECK_EXIT_AFTER_LIVE). Only when the cache was written does it add
 * -XX:AOTCache=$APPDIR/flightdeck.aot to the launcher's configuration: a launcher pointed
 * at a missing cache prints errors on every start.
 *
 * Measured on the 2-core build machine (assets/bin/startup-bench, medians of 5): first
 * frame 3.3 s -> 2.3 s, first live data 6.8 s -> 4.2 s.
 *
 * Usage: java TrainAotCache.java IMAGE_JAVA IMAGE_APP_DIR NAME [--timeout SECONDS]
 */
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

public class TrainAotCache {

    public static void main(String[] argv) throws Exception {
        if (argv.length < 3) {
            fail("usage: TrainAotCache IMAGE_JAVA IMAGE_APP_DIR NAME [--timeout SECONDS]");
        }
        Path imageJava = Path.of(argv[0]);
        Path appDir = Path.of(argv[1]).toAbsolutePath();
        String name = argv[2];
        long timeout = argv.length >= 5 && argv[3].equals("--timeout") ? Long.parseLong(argv[4]) : 300;
        Path cfg = appDir.resolve(name + ".cfg");
        Path cache = appDir.resolve(name + ".aot");
        if (!Files.isRegularFile(cfg)) {
            fail("no launcher configuration at " + cfg);
        }
        List<String> lines = Files.readAllLines(cfg, StandardCharsets.UTF_8);
        String cacheOption = "java-options=-XX:AOTCache=$APPDIR/" + cache.getFileName();
        if (lines.contains(cacheOption)) {
            fail(cfg + " already names an AOT cache: the image was not rebuilt");
        }
        String mainClass = null;
        List<String> classPath = new ArrayList<>();
        List<String> options = new ArrayList<>();
        for (String line : lines) {
            String value = line.substring(line.indexOf('=') + 1).replace("$APPDIR", appDir.toString());
            if (line.startsWith("app.classpath=")) {
                classPath.add(value);
            } else if (line.startsWith("app.mainclass=")) {
                mainClass = value;
            } else if (line.startsWith("java-options=")) {
                options.add(value);
            }
        }
        if (mainClass == null || classPath.isEmpty()) {
            fail(cfg + " names no main class or class path");
        }
        Files.deleteIfExists(cache);
        List<String> command = new ArrayList<>();
        command.add(imageJava.toString());
        command.addAll(options);
        command.add("-XX:AOTCacheOutput=" + cache);
        command.add("-Dglass.platform=Headless");
        command.add("-Dprism.order=sw");
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPath));
        command.add(mainClass);
        command.add("--sandbox");

        Path home = Files.createTempDirectory("flightdeck-aot-training");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("HOME", home.toString()); // settings and journal of the run go away with it
        pb.environment().put("USERPROFILE", home.toString());
        pb.environment().put("FLIGHTDECK_STARTUP_REPORT", "1");
        pb.environment().put("FLIGHTDECK_EXIT_AFTER_LIVE", "1");
        long start = System.nanoTime();
        Process p = pb.start();
        StringBuffer captured = new StringBuffer();
        Thread reader = Thread.ofVirtual().start(() -> {
            try {
                captured.append(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                captured.append("(output unreadable: ").append(e.getMessage()).append(')');
            }
        });
        if (!p.waitFor(timeout, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            reader.join(5_000);
            fail("the training run did not end within " + timeout + " s:\n" + captured);
        }
        reader.join(5_000);
        String output = captured.toString();
        if (p.exitValue() != 0 || !Files.isRegularFile(cache) || Files.size(cache) == 0) {
            fail("the training run exited " + p.exitValue() + " without writing " + cache + ":\n" + output);
        }
        Files.writeString(cfg, String.join("\n", withOption(lines, cacheOption)) + "\n", StandardCharsets.UTF_8);
        System.out.printf("[aot-cache] %s: %,d MB, trained in %.1f s (%s)%n", cache.getFileName(),
                Files.size(cache) >> 20, (System.nanoTime() - start) / 1e9,
                output.lines().filter(l -> l.contains("flightdeck: startup:")).findFirst().orElse("no startup line").trim());
        deleteQuietly(home);
    }

    /** The option goes last in [JavaOptions]: the section jpackage writes at the end of the file. */
    private static List<String> withOption(List<String> lines, String option) {
        List<String> out = new ArrayList<>(lines);
        while (!out.isEmpty() && out.getLast().isBlank()) {
            out.removeLast();
        }
        if (!out.contains("[JavaOptions]")) {
            out.add("[JavaOptions]");
        }
        out.add(option);
        return out;
    }

    private static void deleteQuietly(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a temp directory left behind is harmless
        }
    }

    private static void fail(String message) {
        System.err.println("[aot-cache] " + message);
        System.exit(1);
    }
}
