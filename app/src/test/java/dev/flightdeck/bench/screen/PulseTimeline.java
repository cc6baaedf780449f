package dev.flightdeck.bench.screen;

import dev.flightdeck.testkit.PulseLines;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The console's pulses as its pulse logger printed them, each stamped with when its line reached the benchmark
 * (ms since the console's process started; the logger prints no time of its own), and the logger's breakdown of
 * the long ones. Fed line by line from the console's output; read by phase afterwards.
 */
final class PulseTimeline {

    /** Pulses this long keep the logger's breakdown (CSS, layout, waiting for the renderer …). */
    private static final int DETAIL_FROM_MS = 30;

    record Pulse(long atMs, int ms, boolean work, String detail) {
    }

    private final List<Pulse> pulses = new ArrayList<>();
    private StringBuilder detail;
    private long detailAt;
    private int detailMs;
    private boolean detailWork;

    /** Takes one line of the console's output; says whether it was the pulse logger's (else it is the console's own). */
    synchronized boolean accept(String line, long atMs) {
        int[] durations = PulseLines.durations(line);
        if (durations.length > 0) {
            endDetail();
            boolean work = PulseLines.didWork(line);
            for (int i = 0; i < durations.length - 1; i++) {
                pulses.add(new Pulse(atMs, durations[i], work, ""));
            }
            detailAt = atMs;
            detailMs = durations[durations.length - 1];
            detailWork = work;
            detail = new StringBuilder();
            return true;
        }
        if (PulseLines.isDetail(line)) {
            if (detail != null && detailMs >= DETAIL_FROM_MS && PulseLines.isPhase(line)) {
                detail.append("      ").append(PulseLines.phase(line)).append('\n');
            }
            return true;
        }
        return false;
    }

    private void endDetail() {
        if (detail != null) {
            pulses.add(new Pulse(detailAt, detailMs, detailWork, detail.toString()));
            detail = null;
        }
    }

    /** The pulses whose line arrived in [fromMs, toMs). */
    synchronized List<Pulse> between(long fromMs, long toMs) {
        endDetail();
        return pulses.stream().filter(p -> p.atMs() >= fromMs && p.atMs() < toMs).toList();
    }

    /**
     * "n=1,234 p50 3 p99 41 max 212 ms; 17 over 16 ms, 4 over 50 ms; of them 400 did work: p50 …" — all pulses (the
     * frames a user sees, idle ones at 0 ms included), then the pulses that did work alone.
     */
    static String describe(List<Pulse> ps) {
        List<Pulse> work = ps.stream().filter(Pulse::work).toList();
        return distribution(ps) + "; the " + work.size() + " that did work: " + distribution(work);
    }

    private static String distribution(List<Pulse> ps) {
        if (ps.isEmpty()) {
            return "no pulses";
        }
        return String.format("n=%,d p50 %d p99 %d max %d ms; %,d over 16 ms, %,d over 50 ms", ps.size(),
                percentile(ps, 50), percentile(ps, 99), percentile(ps, 100), ps.stream().filter(p -> p.ms() > 16).count(),
                ps.stream().filter(p -> p.ms() > 50).count());
    }

    static int percentile(List<Pulse> ps, double p) {
        if (ps.isEmpty()) {
            return 0;
        }
        int[] sorted = ps.stream().mapToInt(Pulse::ms).sorted().toArray();
        int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    static List<Pulse> longest(List<Pulse> ps, int n) {
        return ps.stream().sorted(Comparator.comparingInt(Pulse::ms).reversed()).limit(n).toList();
    }
}
