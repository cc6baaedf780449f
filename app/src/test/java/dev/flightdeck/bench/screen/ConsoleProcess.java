package dev.flightdeck.bench.screen;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The packaged console as its own process: its output read as it comes (pulse logger lines to the
 * {@link PulseTimeline}, stamped with their arrival; everything to a log file, the console's own lines echoed),
 * and {@code jcmd} aimed at it.
 */
final class ConsoleProcess implements AutoCloseable {

    private static final int ECHOED_LINES = 60;

    private final Process process;
    private final long startMillis;
    private final Thread reader;
    private final AtomicInteger echoed = new AtomicInteger();

    private ConsoleProcess(Process process, PulseTimeline pulses, Path log) throws IOException {
        this.process = process;
        // The same origin as the startup trace's t_ms: the process's start as the OS recorded it.
        this.startMillis = process.info().startInstant().orElse(Instant.now()).toEpochMilli();
        PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true);
        this.reader = Thread.ofPlatform().name("console-output").daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    long at = System.currentTimeMillis() - startMillis;
                    if (!pulses.accept(line, at)) {
                        out.println(line);
                        if (echoed.incrementAndGet() <= ECHOED_LINES) {
                            System.out.printf("console| %s%n", line);
                        }
                    }
                }
            } catch (IOException e) {
                out.println("(output unreadable: " + e.getMessage() + ")");
            } finally {
                out.close();
            }
        });
    }

    static ConsoleProcess start(ConsoleCommand command, Map<String, String> env, Path log, PulseTimeline pulses)
            throws IOException {
        ProcessBuilder b = new ProcessBuilder(command.command()).redirectErrorStream(true);
        b.environment().remove("KUBECONFIG");
        b.environment().remove("FLIGHTDECK_HOME");
        b.environment().remove("JDK_JAVA_OPTIONS");
        b.environment().putAll(env);
        return new ConsoleProcess(b.start(), pulses, log);
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Milliseconds since the console's process started (the trace's and the pulses' clock). */
    long nowMs() {
        return System.currentTimeMillis() - startMillis;
    }

    /** {@code jcmd PID args…} from the benchmark's JDK; its output, or why there is none. */
    String jcmd(String... args) {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(
                Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(process.pid())));
        command.addAll(java.util.List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "(jcmd gave no answer within 60 s)";
            }
            return text;
        } catch (IOException e) {
            return "(jcmd could not run: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted)";
        }
    }

    @Override
    public void close() {
        Processes.stop(process);
        try {
            reader.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
