package dev.flightdeck.bench;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.sandbox.RequestCounters;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpResponse;

import java.net.URI;
import java.net.URLEncoder;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scale benchmark: a sandbox of 7,500 GPU nodes and ~100k pods, the raw paged
 * LIST over HTTP (the floor), the console's own sync, the heap its model keeps, and
 * the requests the server saw during sync and during a quiet minute after it.
 * Run with {@code mvn -pl app -Pbench verify} (see README); figures go to stdout.
 * Options: -Dnodes=7500 -Dquiet=60 (seconds); -Dgangs=1000 -Dranks=100 replaces the standard
 * pods with that many Indexed Job gangs of that many ranks (a load shape, see GangLoadSeeder).
 */
public final class ScaleBenchmark {

    private static final Pattern CONTINUE = Pattern.compile("\"continue\":\"([^\"]+)\"");

    public static void main(String[] args) throws Exception {
        int nodes = Integer.getInteger("nodes", 7_500);
        int quiet = Integer.getInteger("quiet", 60);
        int gangs = Integer.getInteger("gangs", 0);
        int ranks = Integer.getInteger("ranks", 100);
        long t0 = System.nanoTime();
        SandboxCluster sandbox = gangs > 0 ? SandboxCluster.startGangLoad(nodes, gangs, ranks) : SandboxCluster.startQuiet(nodes);
        int pods = sandbox.store().count("pods");
        int allNodes = sandbox.store().count("nodes");
        System.out.printf("sandbox: %,d nodes, %,d pods, seeded in %.1f s%n", allNodes, pods, secs(t0));

        // The floor and the sync alternate for ROUNDS rounds after a warm-up of each, and
        // medians are compared: on two cores shared with the in-process server, single
        // runs of either swing by 2x.
        List<Double> floors = new ArrayList<>();
        List<Double> syncs = new ArrayList<>();
        long bytes = 0;
        double cold = 0;
        try (KubernetesClient raw = new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder(Config.empty()).withMasterUrl(sandbox.url()).build()).build()) {
            for (int round = 0; round <= ROUNDS; round++) {
                long t = System.nanoTime();
                bytes = rawList(raw.getHttpClient(), sandbox.url(), "/api/v1/nodes")
                        + rawList(raw.getHttpClient(), sandbox.url(), "/api/v1/pods");
                double floorRun = secs(t);
                t = System.nanoTime();
                try (ClusterSession s = ClusterSessions.openStarted(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS)) {
                    if (!s.awaitSynced(10, TimeUnit.MINUTES)) {
                        throw new IllegalStateException("did not sync: " + s.health().describe());
                    }
                }
                double syncRun = secs(t);
                if (round == 0) {
                    cold = syncRun; // JIT cold; not part of the medians
                } else {
                    floors.add(floorRun);
                    syncs.add(syncRun);
                }
            }
        }
        double floor = median(floors);
        double warmSync = median(syncs);
        System.out.printf("floor: raw paged LIST (limit=500) of all nodes and pods, %,d MB: median %.2f s of %s%n",
                bytes >> 20, floor, fmt(floors));
        System.out.printf("sync to live: median %.2f s of %s; ratio to floor %.2f (target <= 1.5); first (JIT cold) %.2f s%n",
                warmSync, fmt(syncs), warmSync / floor, cold);

        RequestCounters req = sandbox.requests();
        long list0 = req.total("LIST");
        long watch0 = req.total("WATCH");
        long heapBefore = HeapAfterGc.bytes();
        long t = System.nanoTime();
        ClusterSession session = ClusterSessions.openStarted(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS);
        double opened = secs(t);
        session.model().awaitSynced(10, TimeUnit.MINUTES);
        double podsIn = secs(t);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (!session.awaitSynced(5, TimeUnit.SECONDS)) {
            System.out.println("  ... " + session.watcherHealth());
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("did not sync: " + session.health().describe());
            }
        }
        double sync = secs(t);
        System.out.printf("measured session: %.2f s to synced (connect + discovery %.2f s; nodes and pods folded at %.2f s)%n",
                sync, opened, podsIn);
        long listSync = req.total("LIST") - list0;
        long watchSync = req.total("WATCH") - watch0;
        System.out.printf("requests during sync: %d LIST, %d WATCH%n", listSync, watchSync);

        List<Gang> built = session.model().gangs();
        System.out.printf("gangs: %,d built with %,d ranks (%s halted)%n", built.size(),
                built.stream().mapToInt(Gang::expected).sum(),
                built.stream().filter(g -> g.verdict() == GangVerdict.HALTED).count());
        reactToAFailedRank(sandbox, session, built);

        long heapAfter = HeapAfterGc.bytes();
        long retained = heapAfter - heapBefore;
        System.out.printf("heap retained by the session after GC: %,d MB total, %,d B per pod (target <= 2048)%n",
                retained >> 20, retained / Math.max(1, pods));

        long list1 = req.total("LIST");
        long watch1 = req.total("WATCH");
        Thread.sleep(quiet * 1000L);
        System.out.printf("quiet %d s after sync: %d LIST, %d WATCH (target: 0 LIST); connection %s%n", quiet,
                req.total("LIST") - list1, req.total("WATCH") - watch1, session.health().describe());
        session.close();
        sandbox.close();
        System.exit(0);
    }

    /**
     * Fails one rank of a running gang through the API and times until the model calls the
     * gang halted: watch event, projection, fold and gang rebuild. Done twice; the first
     * also pays for warming fabric8's typed client in SandboxControl.
     */
    private static void reactToAFailedRank(SandboxCluster sandbox, ClusterSession session, List<Gang> gangs)
            throws InterruptedException {
        List<Gang> running = gangs.stream().filter(g -> g.verdict() == GangVerdict.RUNNING).limit(2).toList();
        for (Gang target : running) {
            String pod = target.ranks().get(target.expected() / 2).pod();
            long t = System.nanoTime();
            sandbox.control().failPod(target.key().namespace(), pod, "Error", 1, "benchmark");
            while (session.model().gang(target.key()).verdict() != GangVerdict.HALTED) {
                Thread.sleep(1);
            }
            System.out.printf("a rank failed through the API -> its %d-rank gang halted in the model: %.0f ms%s%n",
                    target.expected(), secs(t) * 1000, target == running.getFirst() ? " (client cold)" : "");
        }
    }

    /** Pages through a LIST reading every byte and parsing nothing: what the transport alone costs. */
    private static long rawList(HttpClient http, String base, String path) throws Exception {
        long total = 0;
        String cont = null;
        do {
            String url = base + path + "?limit=500" + (cont == null ? "" : "&continue=" + URLEncoder.encode(cont, StandardCharsets.UTF_8));
            HttpResponse<byte[]> r = http.sendAsync(http.newHttpRequestBuilder().uri(URI.create(url)).build(),
                    byte[].class).get();
            byte[] body = r.body();
            total += body.length;
            // the continue token sits in the list metadata, before the items
            String head = new String(body, 0, Math.min(body.length, 512), StandardCharsets.UTF_8);
            Matcher m = CONTINUE.matcher(head);
            cont = m.find() ? m.group(1) : null;
        } while (cont != null);
        return total;
    }

    private static final int ROUNDS = Integer.getInteger("rounds", 3);

    private static double median(List<Double> xs) {
        List<Double> sorted = new ArrayList<>(xs);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }

    private static String fmt(List<Double> xs) {
        return xs.stream().map(x -> String.format("%.2f", x)).toList().toString();
    }

    private static double secs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
