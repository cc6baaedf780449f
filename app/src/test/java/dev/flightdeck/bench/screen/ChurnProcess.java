package dev.flightdeck.bench.screen;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The {@link ChurnWriter} in a JVM of its own, on the benchmark's class path; what it reports, on the console's clock. */
final class ChurnProcess implements AutoCloseable {

    private static final Pattern RESULT = Pattern.compile(
            "CHURN-RESULT nodes=(\\d+) pods=(\\d+) seconds=([\\d.]+) refused=(\\d+) notSent=(\\d+)");

    record Result(long nodes, long pods, double seconds, long refused, long notSent) {
    }

    private final Process process;
    private final Thread reader;
    private volatile long startMs = -1;
    private volatile long endMs = -1;
    private volatile Result result;

    private ChurnProcess(Process process, LongSupplier clock) {
        this.process = process;
        this.reader = Thread.ofPlatform().name("churn-output").daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    Matcher m = RESULT.matcher(line);
                    if (line.equals("CHURN-START")) {
                        startMs = clock.getAsLong();
                    } else if (line.equals("CHURN-END")) {
                        endMs = clock.getAsLong();
                    } else if (m.matches()) {
                        result = new Result(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                                Double.parseDouble(m.group(3)), Long.parseLong(m.group(4)), Long.parseLong(m.group(5)));
                    } else {
                        System.out.println("churn| " + line);
                    }
                }
            } catch (IOException e) {
                System.out.println("churn| (output unreadable: " + e.getMessage() + ")");
            }
        });
    }

    /** Starts the writer; {@code clock} is the console's ms since launch, to place the churn among the pulses. */
    static ChurnProcess start(Path kubeconfig, Path targets, int nodeRate, int podRate, int seconds, int connections,
                              boolean restore, LongSupplier clock) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-XX:+UseSerialGC", "-Dkubeconfig=" + kubeconfig, "-Dtargets=" + targets,
                "-DnodeRate=" + nodeRate, "-DpodRate=" + podRate, "-Dseconds=" + seconds, "-Dconnections=" + connections,
                "-Drestore=" + restore, "-cp", System.getProperty("java.class.path"), ChurnWriter.class.getName()));
        return new ChurnProcess(new ProcessBuilder(command).redirectErrorStream(true).start(), clock);
    }

    /** Waits for the writer to finish (its churn, and the restore if asked); the result, or null if it reported none. */
    Result await(int seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            System.out.println("churn: the writer did not finish within " + seconds + " s; stopped");
            Processes.stop(process);
        }
        reader.join(5_000);
        return result;
    }

    long startMs() {
        return startMs;
    }

    long endMs() {
        return endMs;
    }

    @Override
    public void close() {
        Processes.stop(process);
    }
}
