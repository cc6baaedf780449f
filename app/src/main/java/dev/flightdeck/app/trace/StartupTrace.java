package dev.flightdeck.app.trace;

import dev.flightdeck.app.secrets.Redaction;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The startup trace a user can attach to a bug report: with {@code FLIGHTDECK_TRACE=FILE}, each milestone of the
 * first start ({@code launch}, {@code window-shown}, {@code cluster-connected}, {@code nodes-list-sent},
 * {@code nodes-first-answer}, {@code nodes-listed}, {@code pods-list-sent}, {@code nodes-on-screen}, {@code pods-synced},
 * {@code gangs-on-screen}) is appended to FILE as one JSON line
 * {@code {"t_ms": 1234, "event": "nodes-listed", "count": 7500}}, milliseconds since the process started.
 * Each event is written once, the first time it happens (a second cluster opened later is not a startup).
 * Process-wide like a logger: the milestones happen in the core and in the views, which share nothing else.
 * A file that cannot be written costs one line on standard error and nothing else.
 */
public final class StartupTrace {

    public static final String ENV = "FLIGHTDECK_TRACE";

    private static volatile StartupTrace installed;

    private final Writer out;
    private final Instant processStart;
    private final Set<String> written = ConcurrentHashMap.newKeySet();

    private StartupTrace(Writer out, Instant processStart) {
        this.out = out;
        this.processStart = processStart;
    }

    /** Starts tracing when the environment asks for it (call first thing in main); marks {@code launch}. */
    public static void install(Map<String, String> env) {
        String file = env.get(ENV);
        if (file == null || file.isBlank() || installed != null) {
            return;
        }
        try {
            Writer w = Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
            installed = new StartupTrace(w, ProcessHandle.current().info().startInstant().orElse(Instant.now()));
            mark("launch", 0);
        } catch (IOException | RuntimeException e) {
            System.err.println("flightdeck: cannot write the startup trace to " + file + " (" + e.getMessage()
                    + "); starting without it");
        }
    }

    /** Whether a trace is being written: callers skip the work of counting otherwise. */
    public static boolean on() {
        return installed != null;
    }

    /** Whether {@code event} was already written (or nothing is traced): milestones watched per pulse stop looking. */
    public static boolean done(String event) {
        StartupTrace t = installed;
        return t == null || t.written.contains(event);
    }

    /** Writes {@code event} with {@code count} unless it was written before; any thread. */
    public static void mark(String event, long count) {
        StartupTrace t = installed;
        if (t != null && t.written.add(event)) {
            t.write(event, count);
        }
    }

    private void write(String event, long count) {
        long ms = Math.max(0, java.time.Duration.between(processStart, Instant.now()).toMillis());
        // Names are the fixed milestones above; the boundary still sees the line, as everything leaving does.
        String line = Redaction.text("{\"t_ms\": " + ms + ", \"event\": \"" + event + "\", \"count\": " + count + "}");
        synchronized (this) {
            try {
                out.write(line);
                out.write('\n');
                out.flush(); // a console killed mid-start still leaves what it reached
            } catch (IOException e) {
                installed = null;
                System.err.println("flightdeck: the startup trace stopped (" + e.getMessage() + ")");
            }
        }
    }

    /** Tests: forget the installed trace so the next install starts afresh. */
    static void uninstall() {
        StartupTrace t = installed;
        installed = null;
        if (t != null) {
            try {
                t.out.close();
            } catch (IOException ignored) {
                // the test reads what was flushed
            }
        }
    }
}
