package dev.flightdeck.bench;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads JavaFX's own pulse logger ({@code -Djavafx.pulseLogger=true}) from the standard
 * streams and files each pulse's duration under the phase the benchmark is in. The
 * logger prints "PULSE: 12 [16ms:7ms]" for a pulse that did work and "[13 16ms:0ms]"
 * for idle ones; the second figure is the pulse's duration on the FX thread. Other
 * output goes through unchanged, the logger's per-phase detail lines are swallowed.
 */
final class PulseLog extends OutputStream {

    private static final Pattern PULSE = Pattern.compile("PULSE: \\d+ \\[\\d+ms:(\\d+)ms\\]|\\[\\d+ \\d+ms:(\\d+)ms\\]");

    private final PrintStream passThrough;
    private final StringBuilder line = new StringBuilder();
    private final Map<String, Distribution> byPhase = new ConcurrentHashMap<>();
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
        Matcher m = PULSE.matcher(s);
        boolean pulseLine = false;
        while (m.find()) {
            pulseLine = true;
            String ms = m.group(1) != null ? m.group(1) : m.group(2);
            pulses(phase).add(Integer.parseInt(ms));
        }
        if (!pulseLine && !isPulseDetail(s)) {
            passThrough.println(s);
        }
    }

    private static boolean isPulseDetail(String s) {
        return s.isBlank() || s.startsWith("T") && s.contains("): ") || s.startsWith("T") && s.contains(" : ")
                || s.startsWith("Counters:") || s.startsWith("\t") && !s.startsWith("\tat ") && !s.startsWith("\t...");
    }
}
