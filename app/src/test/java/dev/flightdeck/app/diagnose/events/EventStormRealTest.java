package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.controlplane.ControlPlane;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectReference;
import dev.flightdeck.app.watch.WatchPhase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An Event storm on the real kube-apiserver 1.32 and etcd, and what watching it costs the server and
 * the console, printed (no timed verdicts: the machine is shared). Writers POST Events as a kubelet's
 * legacy recorder does, as fast as the server takes them, in three phases: nothing watched, the
 * Events screen's cluster watch open, five pods' selected watches open. Per phase, from the server's
 * own /metrics and its process: Events written, the API server's CPU, requests for Events, bytes of
 * LIST answers and of watch events sent; from the console: the watch and fold threads' CPU. Then
 * what one read costs: the cluster's, a namespace's, one pod's (a field selector the server applies
 * after reading every Event of the scope from etcd: Events have no watch cache).
 */
@ExtendWith(RealKube.class)
class EventStormRealTest {

    private static final Pattern SERIES = Pattern.compile("^(\\S+?)(\\{[^}]*})? (\\S+)$");
    private static String namespace;
    private static RealCluster cluster;

    @AfterAll
    static void cleanUp() {
        if (namespace != null) {
            // Events live an hour; other tests of this JVM list the cluster's newest. The namespace controller
            // deletes them with it, in the background (a DELETE of 20,000 Events at once outlasts a request).
            cluster.admin().namespaces().withName(namespace).delete();
        }
    }

    @Test
    void whatWatchingCostsInAStorm(RealCluster real) throws Exception {
        cluster = real;
        ControlPlane plane = real.plane();
        namespace = real.namespace("storm");
        int seconds = Integer.getInteger("storm.seconds", 5); // the figures in docs/events.md: -Dstorm.seconds=15
        ProcessHandle apiserver = apiserver(plane);
        KubeRest rest = real.adminRest();
        List<String> out = new ArrayList<>();
        try (EventFeed feed = new EventFeed(real.adminEndpoint(), EventFeed.Options.DEFAULTS.withLinger(Duration.ZERO),
                Clock.systemUTC())) {
            out.add(phase("nothing shows Events", seconds, apiserver, plane, List.of()));
            Map<String, Double> m0 = metrics(plane);
            long openCpu = cpu(apiserver);
            long t0 = System.nanoTime();
            EventsView screen = feed.open(EventScope.cluster(), EventFilter.ALL, 1_000, d -> { });
            awaitLive(screen);
            Map<String, Double> m1 = metrics(plane);
            out.add(String.format("the Events screen opens: live in %.2f s; %,.0f LIST, answers %,.0f KB; API server %.2f s CPU",
                    (System.nanoTime() - t0) / 1e9, delta(m0, m1, "requests LIST"), delta(m0, m1, "list bytes") / 1024,
                    (cpu(apiserver) - openCpu) / 1e9));
            out.add(phase("the Events screen (the cluster watched)", seconds, apiserver, plane, List.of(screen)));
            screen.close();
            List<EventsView> details = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                details.add(feed.open(EventScope.of(ObjectReference.of("Pod", namespace, "rank-" + i)), EventFilter.ALL, 100,
                        d -> { }));
            }
            for (EventsView v : details) {
                awaitLive(v);
            }
            Map<String, Double> m2 = metrics(plane);
            out.add(String.format("five pods' details open: %,.0f LIST, answers %,.0f KB", delta(m1, m2, "requests LIST"),
                    delta(m1, m2, "list bytes") / 1024));
            out.add(phase("five pods' details (five selected watches)", seconds, apiserver, plane, details));
            details.forEach(EventsView::close);

            Map<String, Double> before = metrics(plane);
            for (ApiResource api : List.of(ApiResource.EVENTS, ApiResource.EVENTS_CORE)) {
                EventReads reads = new EventReads(rest, api, 500);
                for (EventScope scope : List.of(EventScope.cluster(), EventScope.namespace(namespace),
                        EventScope.of(ObjectReference.of("Pod", namespace, "rank-3")))) {
                    long cpu0 = cpu(apiserver);
                    long t = System.nanoTime();
                    EventReads.Result r = reads.read(scope, EventFilter.ALL, new EventWindow.Limits(5_000, Duration.ofDays(1)),
                            Instant.now());
                    out.add(String.format("read once through %s, %s: %d requests, %,d KB, %.2f s, API server %.2f s CPU; "
                                    + "%,d kept, %,d older left out", api.qualifiedName(), scope.describe(), r.requests(),
                            r.bytes() >> 10, (System.nanoTime() - t) / 1e9, (cpu(apiserver) - cpu0) / 1e9, r.events().size(),
                            r.dropped()));
                    assertTrue(r.requests() > 0);
                }
            }
            Map<String, Double> after = metrics(plane);
            assertEquals(0.0, delta(before, after, "apiserver_watch_cache_events_received_total{resource=\"events\"}"),
                    "no watch cache for Events");
        }
        System.out.println("Event storm on kube-apiserver 1.32:\n  " + String.join("\n  ", out));
    }

    /** Writers POST Events as fast as the server takes them for {@code seconds}; returns what the phase cost. */
    private static String phase(String what, int seconds, ProcessHandle apiserver, ControlPlane plane, List<EventsView> views)
            throws Exception {
        Map<String, Double> m0 = metrics(plane);
        long cpu0 = cpu(apiserver);
        long[] console0 = consoleCpu(views);
        AtomicLong written = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService writers = Executors.newFixedThreadPool(6);
        for (int w = 0; w < 6; w++) {
            int writer = w;
            writers.submit(() -> {
                long n = writer;
                while (!stop.get()) {
                    String pod = "rank-" + (n % 512);
                    String body = """
                            {"apiVersion":"v1","kind":"Event","metadata":{"generateName":"%1$s."},
                             "involvedObject":{"apiVersion":"v1","kind":"Pod","namespace":"%2$s","name":"%1$s"},
                             "reason":"BackOff","type":"Warning","source":{"component":"kubelet","host":"gpu-node-%3$d"},
                             "message":"Back-off restarting failed container trainer in pod %1$s_%2$s",
                             "firstTimestamp":"%4$s","lastTimestamp":"%4$s","count":1}""".formatted(pod, namespace, writer,
                            Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
                    if (plane.adminSend("POST", "/api/v1/namespaces/" + namespace + "/events", "application/json", body)
                            .statusCode() == 201) {
                        written.incrementAndGet();
                    }
                    n += 6;
                }
                return null;
            });
        }
        long t = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        stop.set(true);
        writers.shutdown();
        writers.awaitTermination(1, TimeUnit.MINUTES);
        double secs = (System.nanoTime() - t) / 1e9;
        for (EventsView v : views) {
            v.model().awaitFolded(1, TimeUnit.MINUTES);
        }
        Map<String, Double> m1 = metrics(plane);
        long[] console1 = consoleCpu(views);
        assertTrue(written.get() > 0, "the server took no Event");
        double apiCpu = (cpu(apiserver) - cpu0) / 1e9;
        return String.format("%s: %,.0f Events/s written for %.0f s; API server %.2f s CPU (%.0f%% of a core, %.2f s per "
                        + "1,000 Events written); for Events "
                        + "%,.0f LIST, %,.0f WATCH, LIST answers %,.0f KB, %,.0f watch events sent (%,.0f KB); console: watch "
                        + "threads %.2f s, fold threads %.2f s CPU", what, written.get() / secs, secs,
                apiCpu, 100 * apiCpu / secs, 1000 * apiCpu / Math.max(1, written.get()),
                delta(m0, m1, "requests LIST"), delta(m0, m1, "requests WATCH"), delta(m0, m1, "list bytes") / 1024,
                delta(m0, m1, "watch events"), delta(m0, m1, "watch bytes") / 1024,
                (console1[0] - console0[0]) / 1e9, (console1[1] - console0[1]) / 1e9);
    }

    private static void awaitLive(EventsView v) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (v.health().phase() != WatchPhase.LIVE || !v.model().awaitListed(10, TimeUnit.MILLISECONDS)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the view's watch is not live within 60 s: " + v.health().describe());
            }
            Thread.sleep(20);
        }
    }

    /** The watcher threads' (all "watch-events…") and the views' fold threads' CPU, ns. */
    private static long[] consoleCpu(List<EventsView> views) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long watch = 0;
        for (Thread th : Thread.getAllStackTraces().keySet()) {
            if (th.getName().startsWith("watch-events")) {
                watch += Math.max(0, threads.getThreadCpuTime(th.threadId()));
            }
        }
        long fold = 0;
        for (EventsView v : views) {
            fold += Math.max(0, threads.getThreadCpuTime(v.model().foldThread().threadId()));
        }
        return new long[] {watch, fold};
    }

    /** The kube-apiserver process of this plane (its --secure-port is the plane's). */
    private static ProcessHandle apiserver(ControlPlane plane) {
        String port = "--secure-port=" + plane.server().substring(plane.server().lastIndexOf(':') + 1);
        return ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> List.of(a).contains(port)).orElse(false)
                && p.info().command().map(c -> c.endsWith("kube-apiserver")).orElse(false)).findFirst()
                .orElseThrow(() -> new AssertionError("no kube-apiserver process with " + port));
    }

    private static long cpu(ProcessHandle p) {
        return p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private static double delta(Map<String, Double> a, Map<String, Double> b, String key) {
        return b.getOrDefault(key, 0.0) - a.getOrDefault(key, 0.0);
    }

    /** The few series of /metrics this test reads, summed over the labels it does not name. */
    private static Map<String, Double> metrics(ControlPlane plane) throws Exception {
        Map<String, Double> m = new java.util.HashMap<>();
        for (String line : plane.adminGet("/metrics").body().split("\n")) {
            Matcher x = SERIES.matcher(line);
            if (line.startsWith("#") || !x.matches()) {
                continue;
            }
            String name = x.group(1);
            String labels = x.group(2) == null ? "" : x.group(2);
            if (!name.startsWith("apiserver_")) {
                continue;
            }
            double v;
            try {
                v = Double.parseDouble(x.group(3));
            } catch (NumberFormatException e) {
                continue; // +Inf, NaN: none of the series read here
            }
            boolean events = labels.contains("resource=\"events\"");
            if (name.equals("apiserver_request_total") && events) {
                String verb = labels.replaceAll(".*verb=\"(\\w+)\".*", "$1");
                m.merge("requests " + verb, v, Double::sum);
            } else if (name.equals("apiserver_response_sizes_sum") && events && labels.contains("verb=\"LIST\"")) {
                m.merge("list bytes", v, Double::sum);
            } else if (name.equals("apiserver_watch_events_total") && labels.contains("kind=\"Event\"")) {
                m.merge("watch events", v, Double::sum);
            } else if (name.equals("apiserver_watch_events_sizes_sum") && labels.contains("kind=\"Event\"")) {
                m.merge("watch bytes", v, Double::sum);
            } else if (name.equals("apiserver_watch_cache_events_received_total") && events) {
                m.put("apiserver_watch_cache_events_received_total{resource=\"events\"}", v);
            }
        }
        return m;
    }
}
