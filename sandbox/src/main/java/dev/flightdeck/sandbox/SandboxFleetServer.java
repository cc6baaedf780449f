package dev.flightdeck.sandbox;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Several sandbox clusters in a process of their own, each its own API server on its own port: a
 * fleet of clusters to open in one console, where the console's heap and threads are measured
 * without the servers' (each holds ~1 GB of objects at 100k pods). Prints {@code sandbox I URL} per
 * cluster, then {@code ready}; then obeys lines on stdin: {@code churn RATE K} (RATE events/s on each
 * of the first K clusters, a {@link SandboxChurnLoad}), {@code quit}.
 * Run: {@code java -cp ... dev.flightdeck.sandbox.SandboxFleetServer COUNT NODES}.
 */
public final class SandboxFleetServer {

    private SandboxFleetServer() {
    }

    public static void main(String[] args) throws Exception {
        int count = Integer.parseInt(args[0]);
        int nodes = Integer.parseInt(args[1]);
        List<SandboxCluster> clusters = new ArrayList<>();
        List<SandboxChurnLoad> churn = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long t = System.nanoTime();
            SandboxCluster c = SandboxCluster.startQuiet(nodes);
            clusters.add(c);
            System.out.printf("sandbox %d %s%n", i + 1, c.url());
            System.err.printf("sandbox %d: %,d nodes, %,d pods, seeded in %.1f s%n", i + 1, c.store().count("nodes"),
                    c.store().count("pods"), (System.nanoTime() - t) / 1e9);
            System.out.flush();
        }
        System.out.println("ready");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            String[] w = line.trim().split("\\s+");
            if (w[0].equals("quit")) {
                break;
            }
            if (w[0].equals("churn") && w.length == 3) {
                double rate = Double.parseDouble(w[1]);
                int k = Integer.parseInt(w[2]);
                for (int i = 0; i < clusters.size(); i++) {
                    if (churn.size() <= i) {
                        churn.add(new SandboxChurnLoad(clusters.get(i), (node, rv, at) -> { }));
                    }
                    churn.get(i).setRate(i < k ? rate : 0);
                }
                System.out.println("churning " + rate + "/s on " + Math.min(k, clusters.size()));
                System.out.flush();
            }
        }
        churn.forEach(SandboxChurnLoad::close);
        clusters.forEach(SandboxCluster::close);
        System.exit(0);
    }
}
