package dev.flightdeck.bench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.flightdeck.testkit.PulseLines;

/**
 * Reads JavaFX's own pulse logger ({@code -Djavafx.pulseLogger=true}) from the standard
 * streams and files each pulse's duration under the phase the benchmark is in. The
 * logger's lines are read by {@link PulseLines}. Other output goes through unchanged,
 * the logger's per-phase detail lines are swallowed.
 */
final class PulseLog extends OutputStream {

    private final PrintStream passThrough;
    private final StringBuilder line = new StringBuilder();
    private final Map<String, Distribution> byPhase = new ConcurrentHashMap<>();
    private final Map<String, String> longestDetail = new ConcurrentHashMap<>();
    private final Map<String, Integer> longestMs = new ConcurrentHashMap<>();
    private final StringBuilder detail = new StringBuilder();
    private String detailPhase;
    private int detailMs = -1;
    private volatile String phase = "startup";

    private PulseLog(PrintStream passThrough) {
        this.passThrough = passThrough;
    }

    /** Replaces System.out and System.err; call before the JavaFX toolkit starts. */
    static PulseLog install() {
        System.setProperty("javafx.pulseLogger", "true");
        System.setProperty("javafx.pulseLogger.threshold", "0");
        PulseLog log = new PulseLog(System.out);
        PrintStream tee = new PrintStream(log, true, StandardCharsets.UTF_8);
        System.setOut(tee);
        System.setErr(tee);
        return log;
    }

    /** The stream the benchmark prints its figures to (the real standard output). */
    PrintStream out() {
        return passThrough;
    }

    void phase(String name) {
        phase = name;
    }

    /** The logger's own breakdown of the longest pulse of a phase (CSS, layout, waiting for rendering…). */
    String longest(String phaseName) {
        return longestDetail.getOrDefault(phaseName, "");
    }

    Distribution pulses(String phaseName) {
        return byPhase.computeIfAbsent(phaseName, k -> new Distribution());
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            flushLine();
        } else {
            line.append((char) b);
        }
    }

    private void flushLine() {
        String s = line.toString();
        line.setLength(0);
        int[] durations = PulseLines.durations(s);
        for (int ms : durations) {
            pulses(phase).add(ms);
            endDetail();
            detailPhase = phase;
            detailMs = ms;
            detail.append(s.trim()).append('\n');
        }
        boolean pulseLine = durations.length > 0;
        if (!pulseLine && PulseLines.isDetail(s)) {
            if (PulseLines.isPhase(s)) {
                detail.append("    ").append(PulseLines.phase(s)).append('\n');
            }
        } else if (!pulseLine) {
            passThrough.println(s);
        }
    }

    private void endDetail() {
        if (detailPhase != null && detailMs > longestMs.getOrDefault(detailPhase, -1)) {
            longestMs.put(detailPhase, detailMs);
            longestDetail.put(detailPhase, detail.toString());
        }
        detail.setLength(0);
        detailPhase = null;
    }
}
