package dev.flightdeck.bench.screen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * How long the console's screen threads (the FX thread and the renderer) ran, and how long they were ready to run but
 * waited for a core, read once a second from Linux's {@code /proc/PID/task/TID/schedstat} (nanoseconds on a CPU,
 * nanoseconds waiting on a run queue). On this benchmark's two cores the console shares them with the API server,
 * etcd and the churn writer: a long pulse is the FX thread's own work, or its wait for a core, and this tells which.
 * Prints nothing where there is no /proc (not Linux): the figure is then "not measured".
 */
final class ScreenThreadWaits implements AutoCloseable {

    /** A thread to watch: its name as /proc shows it (cut to 15 characters) and what the report calls it. */
    private record ScreenThread(String procName, String label) {
    }

    private static final List<ScreenThread> SCREEN_THREADS = List.of(
            new ScreenThread("JavaFX Applicat", "FX thread"), new ScreenThread("QuantumRenderer", "renderer"));

    record Sample(long atMs, long[] cpuNanos, long[] waitNanos) {
    }

    private final long pid;
    private final LongSupplier nowMs;
    private final List<Sample> samples = new ArrayList<>();
    private final Thread poller;
    private volatile boolean running = true;

    private ScreenThreadWaits(long pid, LongSupplier nowMs) {
        this.pid = pid;
        this.nowMs = nowMs;
        this.poller = Thread.ofPlatform().name("screen-thread-waits").daemon().start(this::poll);
    }

    /** Starts reading the threads of process {@code pid} once a second, timed by {@code nowMs}. */
    static ScreenThreadWaits start(long pid, LongSupplier nowMs) {
        return new ScreenThreadWaits(pid, nowMs);
    }

    private void poll() {
        while (running) {
            Sample s = read();
            if (s != null) {
                synchronized (samples) {
                    samples.add(s);
                }
            }
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private Sample read() {
        long[] cpu = new long[SCREEN_THREADS.size()];
        long[] wait = new long[SCREEN_THREADS.size()];
        long at = nowMs.getAsLong();
        try (var tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                int i = indexOf(Files.readString(task.resolve("comm")).strip());
                if (i >= 0) {
                    String[] f = Files.readString(task.resolve("schedstat")).strip().split("\\s+");
                    cpu[i] += Long.parseLong(f[0]);
                    wait[i] += Long.parseLong(f[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return null; // no /proc, or the process is gone
        }
        return new Sample(at, cpu, wait);
    }

    private static int indexOf(String procName) {
        for (int i = 0; i < SCREEN_THREADS.size(); i++) {
            if (SCREEN_THREADS.get(i).procName().equals(procName)) {
                return i;
            }
        }
        return -1;
    }

    /** One line: each screen thread's seconds on a CPU and waiting for one between {@code fromMs} and {@code toMs}. */
    String describe(long fromMs, long toMs) {
        Sample first = null; // the last sample at or before fromMs, else the first one after it
        Sample last = null; // the last sample at or before toMs
        synchronized (samples) {
            for (Sample s : samples) {
                if (s.atMs() <= fromMs || first == null) {
                    first = s;
                }
                if (s.atMs() <= toMs) {
                    last = s;
                }
            }
        }
        if (first == null || last == null || last.atMs() <= first.atMs()) {
            return "not measured (no /proc/PID/task/TID/schedstat read in that span)";
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < SCREEN_THREADS.size(); i++) {
            out.append(i == 0 ? "" : "; ").append(SCREEN_THREADS.get(i).label()).append(String.format(
                    " %.1f s on a CPU, %.1f s ready but waiting for one", (last.cpuNanos()[i] - first.cpuNanos()[i]) / 1e9,
                    (last.waitNanos()[i] - first.waitNanos()[i]) / 1e9));
        }
        return out.append(String.format(" (over %.1f s)", (last.atMs() - first.atMs()) / 1000.0)).toString();
    }

    @Override
    public void close() {
        running = false;
        poller.interrupt();
    }
}
