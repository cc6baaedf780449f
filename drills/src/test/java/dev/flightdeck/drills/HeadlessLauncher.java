package dev.flightdeck.drills;

import dev.flightdeck.drills.cli.DrillCommand;
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

    private static HeadlessLauncher shared;

    private final Path launcher;
    /** The class path with the class folders packed into jars (a class-data archive takes classes from jars only). */
    private final String classPath;
    /** The class-data archive of a headless command's classes, or null when it could not be made. */
    private final Path archive;

    /**
     * The launcher every drill test of this build uses, made once: by the first test that asks, in this JVM or another
     * fork (a lock file says who), in a folder named by what it is made of (the class path's jars and class files, the
     * JDK), so a later build never takes an earlier one's. Making it (packing the class folders, archiving the classes
     * of a {@code check} on a sandbox) took each test class 20 to 30 s of a loaded machine.
     */
    static synchronized HeadlessLauncher shared() throws IOException {
        if (shared == null) {
            Path root = Path.of(System.getProperty("flightdeck.test.tmp", "target/test-tmp"));
            String name = "headless-launcher-" + fingerprint();
            Files.createDirectories(root);
            try (var lockFile = java.nio.channels.FileChannel.open(root.resolve("headless-launcher.lock"),
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
                 var lock = lockFile.lock()) {
                Path bin = root.resolve(name);
                Path made = bin.resolve("made");
                if (Files.isRegularFile(made)) {
                    shared = new HeadlessLauncher(bin, false);
                } else {
                    deleteTree(bin); // a make cut short
                    try (var earlier = Files.list(root)) { // an earlier build's (some 60 MB each)
                        for (Path old : earlier.filter(d -> d.getFileName().toString().startsWith("headless-launcher-")
                                && Files.isDirectory(d)).toList()) {
                            deleteTree(old);
                        }
                    }
                    shared = new HeadlessLauncher(Files.createDirectories(bin), true);
                    Files.writeString(made, name + "\n");
                }
            }
        }
        return shared;
    }

    /** What the launcher is made of: the JDK, and every class path entry (each class file's name, size and time). */
    private static String fingerprint() throws IOException {
        java.security.MessageDigest sha;
        try {
            sha = java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        StringBuilder what = new StringBuilder(System.getProperty("java.home")).append('\n')
                .append(System.getProperty("java.runtime.version")).append('\n');
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            what.append(entry).append('\n');
            if (Files.isDirectory(p)) {
                try (var files = Files.walk(p)) {
                    for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                        what.append(p.relativize(f)).append(' ').append(Files.size(f)).append(' ')
                                .append(Files.getLastModifiedTime(f).toMillis()).append('\n');
                    }
                }
            } else if (Files.isRegularFile(p)) {
                what.append(Files.size(p)).append(' ').append(Files.getLastModifiedTime(p).toMillis()).append('\n');
            }
        }
        return java.util.HexFormat.of().formatHex(sha.digest(what.toString().getBytes(StandardCharsets.UTF_8)), 0, 8);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    /** @param make whether to make the launcher in {@code bin}; if not, it was made there before */
    private HeadlessLauncher(Path bin, boolean make) throws IOException {
        launcher = bin.resolve("flightdeck");
        classPath = jarredClassPath(bin, make);
        if (make) {
            archive = classArchive(bin, classPath);
            writeScript();
        } else {
            Path made = bin.resolve("flightdeck.jsa");
            archive = Files.isRegularFile(made) && Files.size(made) > 0 ? made : null;
        }
    }

    private void writeScript() throws IOException {
        // A responder starts a JVM for every command of its runbook, about a hundred in a test run: the classes they
        // load, archived once, cut a third of each one's CPU. CDS's own log lines (stdout by default) are kept out of the
        // output the responders parse.
        String cds = archive == null ? "" : " -Xlog:cds*=off -XX:SharedArchiveFile='" + archive + "'";
        Files.writeString(launcher, "#!/bin/sh\nexec '" + java()
                + "' -Djava.awt.headless=true -XX:TieredStopAtLevel=1" + cds + " -cp '" + classPath
                + "' dev.flightdeck.app.cli.Headless \"$@\"\n");
        if (!launcher.toFile().setExecutable(true)) {
            throw new IOException("cannot make " + launcher + " executable");
        }
    }

    /**
     * A class-data archive of what a headless command loads, made by one {@code check} on a small sandbox before the
     * runs start (one writer, then only readers); null when it could not be made, and the launcher runs without it.
     */
    private static Path classArchive(Path bin, String classPath) {
        Path archive = bin.resolve("flightdeck.jsa");
        List<String> command = List.of(java().toString(), "-Djava.awt.headless=true", "--sun-misc-unsafe-memory-access=allow",
                "-XX:TieredStopAtLevel=1", "-Xlog:cds*=off", "-XX:ArchiveClassesAtExit=" + archive,
                "-cp", classPath, SandboxedHeadless.class.getName(), "check", "--sandbox", "--sandbox-nodes", "4");
        try {
            Path home = Files.createDirectories(bin.resolve("archive-home"));
            ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(home.resolve("check.out").toFile())
                    .redirectError(home.resolve("check.err").toFile());
            pb.environment().put("FLIGHTDECK_HOME", home.toString());
            Process p = pb.start();
            if (!p.waitFor(3, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                return null;
            }
            return Files.isRegularFile(archive) && Files.size(archive) > 0 ? archive : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * This test's class path with its class folders (the module's own classes and test classes) packed into jars in
     * {@code bin}: a class-data archive takes classes from jars only. The jars are made once per launcher, as the
     * folders stand when the tests start.
     */
    private static String jarredClassPath(Path bin, boolean make) throws IOException {
        List<String> out = new ArrayList<>();
        int n = 0;
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (!Files.isDirectory(p)) {
                out.add(entry);
                continue;
            }
            Path jar = bin.resolve("classes-" + n++ + ".jar");
            out.add(jar.toString());
            if (!make) {
                continue; // packed when the launcher was made
            }
            try (var zip = new java.util.jar.JarOutputStream(Files.newOutputStream(jar));
                 var files = Files.walk(p)) {
                for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                    zip.putNextEntry(new java.util.jar.JarEntry(p.relativize(f).toString().replace('\\', '/')));
                    Files.copy(f, zip);
                    zip.closeEntry();
                }
            }
        }
        return String.join(java.io.File.pathSeparator, out);
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
        // The application's launcher, in short: this test's class path, with the embedded sandbox (in jars, so that the
        // headless commands' class-data archive, which holds the sandbox's classes too, starts it sooner).
        List<String> command = new ArrayList<>(List.of(java().toString(), "-Djava.awt.headless=true",
                "--sun-misc-unsafe-memory-access=allow", "-XX:TieredStopAtLevel=1"));
        if (archive != null) {
            command.addAll(List.of("-Xlog:cds*=off", "-XX:SharedArchiveFile=" + archive));
        }
        String secrets = System.getProperty("flightdeck.test.secrets");
        if (secrets != null) {
            command.add("-Dflightdeck.test.secrets=" + secrets); // its sandbox's keys are remembered for the scan too
        }
        command.addAll(List.of("-cp", classPath, SandboxedHeadless.class.getName()));
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
