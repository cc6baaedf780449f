package dev.flightdeck.testkit;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the lines of JavaFX's own pulse logger ({@code -Djavafx.pulseLogger=true}), for the benchmarks that run
 * the console in their own JVM (the views' in-process ones) and in another (the app's screen benchmark). The logger
 * prints "PULSE: 12 [16ms:7ms]" for a pulse that did work and "[13 16ms:0ms]" for an idle one; the second figure is
 * the pulse's duration on the FX thread. After a pulse it may print its breakdown: lines such as
 * "T12 (0 +5ms): CSS Pass", "Counters:", tab-indented counter lines and blank lines.
 */
public final class PulseLines {

    private static final Pattern PULSE = Pattern.compile("PULSE: \\d+ \\[\\d+ms:(\\d+)ms\\]|\\[\\d+ \\d+ms:(\\d+)ms\\]");
    private static final int[] NONE = new int[0];

    private PulseLines() {
    }

    /** The FX-thread durations (ms) of the pulses {@code line} reports, in order; none for any other line. */
    public static int[] durations(String line) {
        Matcher m = PULSE.matcher(line);
        int[] found = NONE;
        while (m.find()) {
            found = Arrays.copyOf(found, found.length + 1);
            found[found.length - 1] = Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return found;
    }

    /** Whether {@code line} reports a pulse that did work ("PULSE: …"), not only idle ones ("[13 16ms:0ms]"). */
    public static boolean didWork(String line) {
        return line.contains("PULSE: ");
    }

    /** Whether {@code line} is part of a pulse's breakdown (phase timings, counters, blank), not other output. */
    public static boolean isDetail(String line) {
        return line.isBlank() || isPhase(line) || line.startsWith("T") && line.contains(" : ")
                || line.startsWith("Counters:")
                || line.startsWith("\t") && !line.startsWith("\tat ") && !line.startsWith("\t...");
    }

    /** Whether {@code line} is one phase of a pulse's breakdown, e.g. "T12 (0 +5ms): CSS Pass". */
    public static boolean isPhase(String line) {
        return line.startsWith("T") && line.contains("): ");
    }

    /** The phase line without its thread prefix: "(0 +5ms): CSS Pass". */
    public static String phase(String line) {
        int open = line.indexOf('(');
        return open < 0 ? line.trim() : line.substring(open).trim();
    }
}
