package dev.flightdeck.bench.screen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The figures of one run, and issue 27's targets judged on them: each printed in one line. */
record ScreenReport(ScreenBenchOptions options, String seed, FloorList.Result floor, ColdNodeList.Result coldList, Map<String, StartupTraceFile.Event> trace,
                    long liveMs, String liveBy, List<PulseTimeline.Pulse> launchPulses, List<PulseTimeline.Pulse> churnPulses,
                    long churnStartMs, ChurnProcess.Result churn, String heap) {

    void print() {
        System.out.println();
        System.out.println("==== figures (" + options.describe() + ") ====");
        System.out.println("seed: " + seed);
        System.out.printf("floor: raw paged LIST (limit 500, one connection) of nodes then pods: %.2f s, %.1f MB in %d pages"
                + " (the nodes alone: %.2f s, %.1f MB)%n", floor.seconds(), floor.megabytes(), floor.pages(),
                floor.nodeSeconds(), floor.nodeBytes() / 1e6);
        System.out.printf("nodes from the watch cache (resourceVersion=0, one answer): %.2f s, %.1f MB%n",
                floor.cachedNodeSeconds(), floor.cachedNodeBytes() / 1e6);
        System.out.println("the console's node LIST alone, no window, as a session makes it: " + coldList.describe());
        printTrace();
        System.out.println("live: " + liveBy + " at " + liveMs + " ms after launch");
        Long ratio100 = syncRatioPercent();
        System.out.println(ratio100 == null ? "sync ratio: not measured (no cluster-connected and pods-synced in the trace)"
                : String.format("sync ratio: (pods-synced − cluster-connected) / floor = %.2f s / %.2f s = %.2f",
                (trace.get("pods-synced").tMs() - trace.get("cluster-connected").tMs()) / 1000.0, floor.seconds(),
                ratio100 / 100.0));
        System.out.println("pulses, launch to live: " + PulseTimeline.describe(launchPulses));
        System.out.println("pulses, under churn:    " + PulseTimeline.describe(churnPulses));
        List<PulseTimeline.Pulse> all = new ArrayList<>(launchPulses);
        all.addAll(churnPulses);
        System.out.println("the 5 longest pulses (ms after launch; the pulse logger's breakdown of each):");
        List<PulseTimeline.Pulse> longest = PulseTimeline.longest(all, 5);
        longest.forEach(this::printPulse);
        PulseTimeline.longest(churnPulses, 1).stream().filter(p -> !longest.contains(p)).forEach(p -> {
            System.out.println("the longest pulse under churn:");
            printPulse(p);
        });
        System.out.println("console heap after sync: " + heap);
        printChurn();
        printTargets(ratio100);
    }

    private void printPulse(PulseTimeline.Pulse p) {
        System.out.printf("  %,6d ms at %,d ms (%s)%n%s", p.ms(), p.atMs(),
                p.atMs() >= churnStartMs && churnStartMs >= 0 ? "under churn" : "launch to live", p.detail());
    }

    private void printTrace() {
        if (trace.isEmpty()) {
            System.out.println("trace: no trace (the console wrote no FLIGHTDECK_TRACE file); figures from the pulse log and the API only");
            return;
        }
        StartupTraceFile.Event connected = trace.get("cluster-connected");
        for (String name : StartupTraceFile.EVENTS) {
            StartupTraceFile.Event e = trace.get(name);
            if (e == null) {
                System.out.printf("trace: %-18s not written%n", name);
            } else {
                System.out.printf("trace: %-18s %,7d ms after launch%s, count %,d%n", name, e.tMs(),
                        connected == null ? "" : String.format(", %+,7d ms after the API server answered", e.tMs() - connected.tMs()),
                        e.count());
            }
        }
    }

    private Long syncRatioPercent() {
        StartupTraceFile.Event connected = trace.get("cluster-connected");
        StartupTraceFile.Event synced = trace.get("pods-synced");
        if (connected == null || synced == null) {
            return null;
        }
        return Math.round((synced.tMs() - connected.tMs()) / 10.0 / floor.seconds());
    }

    private void printChurn() {
        if (churn == null) {
            System.out.println("churn: the writer reported nothing");
            return;
        }
        double nodeRate = churn.nodes() / churn.seconds();
        double podRate = churn.pods() / churn.seconds();
        System.out.printf("churn: %.0f node + %.0f pod status updates/s achieved over %.1f s (asked %d + %d); %,d refused,"
                        + " %,d not sent (the writer's connections were busy)%n", nodeRate, podRate, churn.seconds(),
                options.nodeRate(), options.podRate(), churn.refused(), churn.notSent());
        if (nodeRate < 0.9 * options.nodeRate() || podRate < 0.9 * options.podRate()) {
            System.out.println("churn: SHORT of the asked rate — this machine (API server, etcd, writer and console on "
                    + Runtime.getRuntime().availableProcessors() + " cores) wrote no faster; the under-churn targets are judged at the rate achieved");
        }
    }

    private void printTargets(Long ratio100) {
        System.out.println("---- issue 27's targets ----");
        StartupTraceFile.Event connected = trace.get("cluster-connected");
        StartupTraceFile.Event onScreen = trace.get("nodes-on-screen");
        target("first screen (nodes on screen) <= 2 s after the API server answered", connected == null || onScreen == null
                ? null : onScreen.tMs() - connected.tMs() <= 2_000, connected == null || onScreen == null ? "not in the trace"
                : (onScreen.tMs() - connected.tMs()) + " ms");
        int p99 = PulseTimeline.percentile(churnPulses, 99);
        int max = PulseTimeline.percentile(churnPulses, 100);
        target("pulses under churn p99 <= 16 ms", churnPulses.isEmpty() ? null : p99 <= 16, p99 + " ms");
        target("pulses under churn max <= 50 ms", churnPulses.isEmpty() ? null : max <= 50, max + " ms");
        int launchMax = PulseTimeline.percentile(launchPulses, 100);
        target("longest pulse from launch to live <= 100 ms", launchPulses.isEmpty() ? null : launchMax <= 100, launchMax + " ms");
        target("sync ratio <= 1.3 (a cold JVM: the console's first sync)", ratio100 == null ? null : ratio100 <= 130,
                ratio100 == null ? "not in the trace" : String.format("%.2f", ratio100 / 100.0));
        System.out.println("  (sync ratio <= 1.1 warm: not measured — it needs a second sync in the same console JVM)");
    }

    private static void target(String what, Boolean met, String value) {
        System.out.printf("  %-9s %s: %s%n", met == null ? "UNKNOWN" : met ? "met" : "NOT met", what, value);
    }
}
