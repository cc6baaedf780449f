package dev.flightdeck.drills.cli;

import dev.flightdeck.app.secrets.Redaction;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * A drill's scripted responder: the command line run by the system shell ({@code sh -c}, or
 * {@code cmd /c} on Windows) from the directory {@code drill run} was started in — so a relative
 * path means what it meant where it was typed — with the drill's environment (its folder in
 * {@code FLIGHTDECK_DRILL_DIR}), its output shown line by line behind {@code responder| } and kept in
 * the drill's {@code responder.log}. When the drill ends first, the responder and whatever it started
 * are stopped.
 */
final class ResponderProcess {

    private final Process process;
    private volatile String lastLine;

    private ResponderProcess(Process process) {
        this.process = process;
    }

    /**
     * @param workingDir where the person (or CI job) ran {@code drill run}: the shell's working directory
     * @param drillDir   the drill's folder, where {@code responder.log} is kept
     */
    static ResponderProcess start(String command, Path workingDir, Path drillDir, Map<String, String> env,
                                  PrintStream show, IntConsumer exited) throws IOException {
        boolean windows = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
        ProcessBuilder pb = new ProcessBuilder(windows ? List.of("cmd", "/c", command) : List.of("sh", "-c", command))
                .directory(workingDir.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        ResponderProcess responder = new ResponderProcess(p);
        p.getOutputStream().close(); // nothing to answer: a responder that asks for input gets end-of-file
        Path log = drillDir.resolve("responder.log");
        Thread.ofPlatform().name("drill-responder-output").daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String read; (read = r.readLine()) != null; ) {
                    String line = Redaction.text(read); // a responder may echo a token; neither the screen nor the log keeps it
                    responder.lastLine = line;
                    show.println("responder| " + line);
                    Files.writeString(log, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                }
            } catch (IOException e) {
                if (p.isAlive()) {
                    show.println("responder| (its output could not be read further: " + e.getMessage() + ")");
                }
            }
        });
        p.onExit().thenAccept(done -> exited.accept(done.exitValue()));
        return responder;
    }

    /** The last line it printed (redacted), or null: the shell's reason when the command could not start. */
    String lastLine() {
        return lastLine;
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Stops the responder and every process it started (politely, then for good after 5 s). */
    void stop() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
