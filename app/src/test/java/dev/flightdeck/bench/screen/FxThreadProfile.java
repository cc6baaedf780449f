package dev.flightdeck.bench.screen;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where the FX thread's time went, from the console's JFR recording: the {@code jdk.ExecutionSample}s taken on
 * the FX application thread ("JavaFX Application Thread", or "GtkNativeMainLoopThread" under GTK), split at the start of the churn, as the methods on top of the stack (where the
 * time is spent) and the console's own methods anywhere on it (what the time was spent for).
 */
final class FxThreadProfile {

    /** The FX application thread: GTK glass (JavaFX 22 on) runs it as its native main loop's thread. */
    private static final Set<String> FX_THREADS = Set.of("JavaFX Application Thread", "GtkNativeMainLoopThread");
    private static final String OWN_CODE = "dev.flightdeck.";

    private final Map<String, Integer> topBefore = new HashMap<>();
    private final Map<String, Integer> topUnderChurn = new HashMap<>();
    private final Map<String, Integer> ownBefore = new HashMap<>();
    private final Map<String, Integer> ownUnderChurn = new HashMap<>();
    private int samplesBefore;
    private int samplesUnderChurn;
    private int samplesAll;
    private final Map<String, Integer> threads = new HashMap<>();

    static FxThreadProfile read(Path recording, Instant churnStart) throws IOException {
        FxThreadProfile p = new FxThreadProfile();
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            if (!e.getEventType().getName().equals("jdk.ExecutionSample") || e.getStackTrace() == null) {
                continue;
            }
            p.samplesAll++;
            RecordedThread t = e.getThread("sampledThread");
            p.threads.merge(t == null ? "?" : String.valueOf(t.getJavaName()), 1, Integer::sum);
            if (t == null || !FX_THREADS.contains(t.getJavaName())) {
                continue;
            }
            boolean churn = churnStart != null && !e.getStartTime().isBefore(churnStart);
            List<RecordedFrame> frames = e.getStackTrace().getFrames();
            if (frames.isEmpty()) {
                continue;
            }
            (churn ? p.topUnderChurn : p.topBefore).merge(name(frames.getFirst(), true), 1, Integer::sum);
            Set<String> own = new HashSet<>();
            for (RecordedFrame f : frames) {
                if (f.getMethod().getType().getName().startsWith(OWN_CODE)) {
                    own.add(name(f, false));
                }
            }
            own.forEach(m -> (churn ? p.ownUnderChurn : p.ownBefore).merge(m, 1, Integer::sum));
            if (churn) {
                p.samplesUnderChurn++;
            } else {
                p.samplesBefore++;
            }
        }
        return p;
    }

    private static String name(RecordedFrame f, boolean line) {
        String type = f.getMethod().getType().getName();
        return type.substring(type.lastIndexOf('.') + 1) + "." + f.getMethod().getName()
                + (line && f.getLineNumber() > 0 ? ":" + f.getLineNumber() : "");
    }

    void print() {
        System.out.printf("JFR: %,d execution samples in all; the threads most sampled: %s%n", samplesAll,
                rank(threads, 5));
        print("launch to live", samplesBefore, topBefore, ownBefore);
        print("under churn", samplesUnderChurn, topUnderChurn, ownUnderChurn);
    }

    private static void print(String phase, int samples, Map<String, Integer> top, Map<String, Integer> own) {
        System.out.printf("JFR, FX thread, %s: %,d execution samples%n", phase, samples);
        if (samples == 0) {
            return;
        }
        System.out.println("  top 15 frames (where the time is spent):");
        rank(top, 15).forEach(e -> System.out.printf("    %5.1f%%  %s%n", 100.0 * e.getValue() / samples, e.getKey()));
        System.out.println("  the console's own methods on the stack (top 10, what it was spent for):");
        rank(own, 10).forEach(e -> System.out.printf("    %5.1f%%  %s%n", 100.0 * e.getValue() / samples, e.getKey()));
    }

    private static List<Map.Entry<String, Integer>> rank(Map<String, Integer> counts, int n) {
        return counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(n).toList();
    }
}
