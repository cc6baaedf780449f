package dev.flightdeck.bench;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.palette.PaletteEntries;
import dev.flightdeck.app.palette.PaletteEntry;
import dev.flightdeck.app.palette.PaletteIndex;
import dev.flightdeck.app.palette.RecentChoices;
import dev.flightdeck.app.palette.Target;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the command palette costs at fleet scale: building its lines for 7,500 nodes and 100k ranks (the index,
 * lower-cased once) and ranking all of them per keystroke, for queries from one letter (most lines match) to a
 * whole name. Prints figures; asserts nothing.
 * <pre>java -cp … dev.flightdeck.bench.PaletteRankBenchmark [nodes=7500] [ranks=100000] [rounds=30]</pre>
 */
public final class PaletteRankBenchmark {

    private static final String[] QUERIES = {"g", "gn13", "gpu-node-07133", "fleet", "", "drain gpu-node-0713",
            "logs training/job-0042 rank 57", "worker-99", "zzz"};

    public static void main(String[] args) {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 7_500;
        int ranks = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        PaletteIndex index = null;
        for (int round = 1; round <= 3; round++) {
            long t0 = System.nanoTime();
            List<PaletteEntry> entries = entries(nodes, ranks);
            long t1 = System.nanoTime();
            index = new PaletteIndex(entries);
            long t2 = System.nanoTime();
            System.out.printf("build %d (%s): %,d lines (%,d nodes, %,d ranks): lines made %.1f ms, index %.1f ms%n",
                    round, round == 1 ? "cold" : "warm", index.size(), nodes, ranks, (t1 - t0) / 1e6, (t2 - t1) / 1e6);
        }
        RecentChoices recent = new RecentChoices();
        recent.chose(PaletteEntry.goTo(new Target.Node("bench", "gpu-node-00013"), "gpu-node-00013", null, ""));
        recent.chose(PaletteEntry.goTo(new Target.Node("bench", "gpu-node-00042"), "gpu-node-00042", null, "")
                .with(dev.flightdeck.app.palette.Verb.DRAIN));
        RecentChoices.Snapshot snapshot = recent.snapshot();
        for (String q : QUERIES) {
            double[] ms = new double[rounds];
            int found = 0;
            for (int r = 0; r < rounds; r++) {
                long s = System.nanoTime();
                found = index.rank(q, snapshot, 50).size();
                ms[r] = (System.nanoTime() - s) / 1e6;
            }
            double first = ms[0];
            Arrays.sort(ms);
            System.out.printf("%-34s first %6.1f ms   median %6.1f ms   worst warm %6.1f ms   %2d shown%n",
                    '"' + q + '"', first, ms[rounds / 2], ms[rounds - 1], found);
        }
    }

    private static String pad(int n, int width) {
        String s = Integer.toString(n);
        return "0".repeat(Math.max(0, width - s.length())) + s;
    }

    private static List<PaletteEntry> entries(int nodes, int ranks) {
        List<PaletteEntry> all = new ArrayList<>();
        for (String s : List.of("fleet", "nodes", "gangs", "pressure", "queues", "events", "journal", "drills")) {
            all.add(PaletteEntries.screen(s, Character.toUpperCase(s.charAt(0)) + s.substring(1)));
        }
        all.add(PaletteEntry.goTo(new Target.Cluster("bench"), "bench", null, "cluster · open"));
        for (int i = 0; i < nodes; i++) {
            String n = "gpu-node-" + pad(i, 5); // concatenated, as the console's lines are, not formatted
            all.add(PaletteEntry.goTo(new Target.Node("bench", n), n, null, "node · trusted · bench"));
        }
        int perGang = 128;
        List<PaletteEntry> rankLines = new ArrayList<>();
        for (int g = 0; g * perGang < ranks; g++) {
            GangKey key = new GangKey(GangSystem.values()[0], "training", "job-" + pad(g, 4));
            all.add(PaletteEntry.goTo(new Target.Gang("bench", key), key.toString(), null, "gang · running · bench"));
            for (int r = 0; r < perGang && g * perGang + r < ranks; r++) {
                String pod = key.name() + "-worker-" + r;
                rankLines.add(PaletteEntry.goTo(new Target.Rank("bench", key, r, pod), key + " rank " + r, pod,
                        "rank · running · " + pod + " on gpu-node-00001 · bench"));
            }
        }
        all.addAll(rankLines);
        return all;
    }
}
