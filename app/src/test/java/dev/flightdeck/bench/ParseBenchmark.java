package dev.flightdeck.bench;

import dev.flightdeck.app.pressure.ApiServerMetrics;
import dev.flightdeck.app.pressure.Exposition;
import dev.flightdeck.app.pressure.ExpositionParser;
import dev.flightdeck.app.pressure.FamilyFilter;
import dev.flightdeck.app.pressure.MalformedResponseException;
import dev.flightdeck.app.pressure.PressureTracker;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The /metrics parse benchmark: the real 2.3 MB kube-apiserver 1.32 capture parsed whole and
 * filtered to the families the pressure signals need, and a full scrape step (filtered parse
 * plus signals against the previous scrape). Prints median and p90 ms, MB/s and bytes
 * allocated per parse. Target: well under 100 ms median per scrape on a 2-core machine.
 * Options: -Dwarmup=100 -Drounds=200 (per measurement).
 */
public final class ParseBenchmark {

    private static final String CAPTURE = "/fixtures/kube-apiserver-1.32/apiserver-metrics.txt";

    private interface Step {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int warmup = Integer.getInteger("warmup", 100);
        int rounds = Integer.getInteger("rounds", 200);
        byte[] body = capture();
        double megabytes = body.length / 1e6;
        System.out.printf(Locale.ROOT, "capture: %.2f MB, %,d lines; warm-up %d, rounds %d%n",
                megabytes, ExpositionParser.parse(body, FamilyFilter.ALL).lines(), warmup, rounds);

        measure("full parse", megabytes, warmup, rounds, () -> ExpositionParser.parse(body, FamilyFilter.ALL));
        measure("filtered parse", megabytes, warmup, rounds, () -> ExpositionParser.parse(body, ApiServerMetrics.FILTER));
        PressureTracker tracker = new PressureTracker();
        Instant[] clock = {Instant.parse("2026-01-01T00:00:00Z")};
        measure("scrape step (filtered parse + signals)", megabytes, warmup, rounds, () -> {
            clock[0] = clock[0].plusSeconds(15);
            tracker.scraped(clock[0], parse(body));
        });
        Exposition kept = parse(body);
        System.out.printf(Locale.ROOT, "filtered parse keeps %d families, %,d samples%n", kept.families().size(),
                kept.families().stream().mapToInt(f -> f.samples().size()).sum());
    }

    private static Exposition parse(byte[] body) throws MalformedResponseException {
        return ExpositionParser.parse(body, ApiServerMetrics.FILTER);
    }

    private static void measure(String what, double megabytes, int warmup, int rounds, Step step) throws Exception {
        for (int i = 0; i < warmup; i++) {
            step.run();
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
        List<Double> millis = new ArrayList<>(rounds);
        for (int i = 0; i < rounds; i++) {
            long t = System.nanoTime();
            step.run();
            millis.add((System.nanoTime() - t) / 1e6);
        }
        long allocatedPerRun = (threads.getCurrentThreadAllocatedBytes() - allocatedBefore) / rounds;
        Collections.sort(millis);
        double median = millis.get(rounds / 2);
        double p90 = millis.get((int) Math.ceil(rounds * 0.9) - 1);
        System.out.printf(Locale.ROOT, "%-40s median %6.2f ms  p90 %6.2f ms  %6.0f MB/s  %,6d KB allocated per run%n",
                what, median, p90, megabytes / (median / 1000), allocatedPerRun >> 10);
    }

    private static byte[] capture() throws IOException {
        try (InputStream in = ParseBenchmark.class.getResourceAsStream(CAPTURE)) {
            if (in == null) {
                throw new IllegalStateException(CAPTURE + " is not on the class path (run with the test class path)");
            }
            return in.readAllBytes();
        }
    }
}
