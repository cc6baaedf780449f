package dev.flightdeck.bench;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.diagnose.events.EventFeed;
import dev.flightdeck.app.diagnose.events.EventFilter;
import dev.flightdeck.app.diagnose.events.EventReads;
import dev.flightdeck.app.diagnose.events.EventScope;
import dev.flightdeck.app.diagnose.events.EventWindow;
import dev.flightdeck.app.diagnose.events.EventsView;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectReference;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.watch.WatchPhase;
import dev.flightdeck.sandbox.RequestCounters;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.SandboxEventStorm;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What watching Events costs in an Event storm, to decide how the console watches them. A sandbox is
 * filled with an hour's worth of storm ({@code -Dprefill}) and then stormed at {@code -Drate} Events a
 * second (a third new, two thirds repeats) for {@code -Dseconds} in each phase:
 * <ol>
 *   <li>nothing shows Events (the session's feed exists, no view is open),</li>
 *   <li>the Events screen is open: the whole cluster watched into the bounded window,</li>
 *   <li>a pod's and a node's details are open: their own selected watches,</li>
 *   <li>one-off reads (the headless command): the cluster's, a pod's, Warnings only, through both APIs.</li>
 * </ol>
 * Printed: requests and bytes the server sent for Events, the console's heap held for them, and the
 * CPU of the watcher's (parse and project) and the model's (fold) threads. Run:
 * {@code mvn -pl app -am -Pevents-bench -DskipTests verify [-Devents.rate=2000 -Devents.seconds=30 -Devents.prefill=100000]}.
 * Figures only, no verdicts: the sandbox server runs in the same JVM on the same cores.
 */
public final class EventStormBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) throws Exception {
        int rate = Integer.getInteger("rate", 2_000);
        int seconds = Integer.getInteger("seconds", 30);
        int prefill = Integer.getInteger("prefill", 100_000);
        int pods = Integer.getInteger("pods", 50_000);
        SandboxCluster sandbox = TestSandboxes.remembered(SandboxCluster.startQuiet(64));
        SandboxEventStorm storm = new SandboxEventStorm(sandbox, pods, 20, 3600);
        long t = System.nanoTime();
        while (sandbox.store().count("events") < prefill) {
            storm.burst(1_000); // two thirds of a storm's writes repeat an Event: write until this many are stored
        }
        System.out.printf("sandbox: %,d Events stored (an hour of storm) in %.1f s; storm about %,d pods in 20 namespaces%n",
                sandbox.store().count("events"), secs(t), pods);
        RequestCounters req = sandbox.requests();
        try (ClusterConnection c = ClusterConnection.open(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS);
             EventFeed feed = new EventFeed(c.api(), EventFeed.Options.DEFAULTS.withLinger(Duration.ZERO), Clock.systemUTC())) {
            // 1. Nothing shows Events.
            Snapshot s0 = Snapshot.of(req);
            double achieved = stormFor(storm, rate, seconds);
            System.out.printf("%n1. nothing shows Events: storm of %,.0f Events/s for %d s -> %s%n", achieved, seconds,
                    Snapshot.of(req).minus(s0));

            // 2. The Events screen: the whole cluster, watched into the window.
            Snapshot s1 = Snapshot.of(req);
            AtomicLong deltas = new AtomicLong();
            AtomicLong rowsChanged = new AtomicLong();
            t = System.nanoTime();
            EventsView screen = feed.open(EventScope.cluster(), EventFilter.ALL, 1_000, d -> {
                deltas.incrementAndGet();
                rowsChanged.addAndGet(d.removedAt().size() + d.inserted().size());
            });
            screen.model().awaitListed(10, TimeUnit.MINUTES);
            double firstRows = secs(t);
            System.out.printf("%n2. the Events screen opens: first rows after %.2f s; initial sync %s%n", firstRows,
                    Snapshot.of(req).minus(s1));
            Snapshot s2 = Snapshot.of(req);
            long[] folds0 = screen.model().foldStats();
            long watchCpu0 = cpu("watch-events");
            long foldCpu0 = cpu(screen.model().foldThread());
            long deltas0 = deltas.get();
            long rows0 = rowsChanged.get();
            achieved = stormFor(storm, rate, seconds);
            screen.model().awaitFolded(1, TimeUnit.MINUTES);
            long[] folds1 = screen.model().foldStats();
            long[] held = screen.model().sizeAndDropped();
            double watchCpu = (cpu("watch-events") - watchCpu0) / 1e9;
            double foldCpu = (cpu(screen.model().foldThread()) - foldCpu0) / 1e9;
            System.out.printf("   storm of %,.0f Events/s for %d s while it shows -> %s%n", achieved, seconds,
                    Snapshot.of(req).minus(s2));
            System.out.printf("   watch thread (read, parse, project) %.2f s CPU = %.1f%% of a core; fold thread %.2f s CPU = "
                            + "%.1f%% of a core; %,d changes in %,d folds; %,d deltas to the screen, %,d rows spliced%n",
                    watchCpu, 100 * watchCpu / seconds, foldCpu, 100 * foldCpu / seconds, folds1[1] - folds0[1],
                    folds1[0] - folds0[0], deltas.get() - deltas0, rowsChanged.get() - rows0);
            // A pod the storm writes about, for the details below: the newest on the screen.
            ObjectReference busy = screen.model().snapshot(EventFilter.ALL.withKinds(java.util.Set.of("Pod")), 1).getFirst()
                    .regarding();
            screen.close();
            await(() -> feed.watched().isEmpty());
            System.out.printf("   window: %,d Events held (limit %,d), %,d let go (heap: see 5.)%n", held[0],
                    EventWindow.Limits.DEFAULT.maxEvents(), held[1]);

            // 3. A pod's and a node's details.
            Snapshot s3 = Snapshot.of(req);
            EventsView pod = feed.open(EventScope.of(busy), EventFilter.ALL, 100, d -> { });
            EventsView node = feed.open(EventScope.of(ObjectReference.of("Node", "", "gpu-node-050")), EventFilter.ALL, 100, d -> { });
            await(() -> pod.health().phase() == WatchPhase.LIVE && node.health().phase() == WatchPhase.LIVE);
            pod.model().awaitListed(1, TimeUnit.MINUTES);
            Snapshot s3b = Snapshot.of(req);
            achieved = stormFor(storm, rate, seconds);
            System.out.printf("%n3. a busy pod's and a quiet node's details open: their LISTs %s; storm of %,.0f Events/s for %d s"
                            + " -> %s; they hold %d and %d Events%n", s3b.minus(s3), achieved, seconds, Snapshot.of(req).minus(s3b),
                    pod.model().sizeAndDropped()[0], node.model().sizeAndDropped()[0]);
            pod.close();
            node.close();

            // 4. One-off reads.
            System.out.println();
            KubeRest rest = new KubeRest(c.api());
            EventWindow.Limits limits = new EventWindow.Limits(5_000, Duration.ofDays(1));
            for (ApiResource api : new ApiResource[] {ApiResource.EVENTS, ApiResource.EVENTS_CORE}) {
                EventReads reads = new EventReads(rest, api, 500);
                read("the cluster's", reads, EventScope.cluster(), EventFilter.ALL, limits);
                read("the cluster's Warnings", reads, EventScope.cluster(), EventFilter.ALL.withWarningsOnly(true), limits);
                read("one pod's", reads, EventScope.of(busy), EventFilter.ALL, limits);
                read("one namespace's", reads, EventScope.namespace(busy.namespace()), EventFilter.ALL, limits);
            }

            // 5. The heap a full window holds: its records alone, then with the window's two indexes.
            EventReads reads = new EventReads(rest, ApiResource.EVENTS, 500);
            long h0 = HeapAfterGc.bytes();
            EventReads.Result r = reads.read(EventScope.cluster(), EventFilter.ALL, limits, Instant.now());
            long h1 = HeapAfterGc.bytes();
            EventWindow w = new EventWindow(limits);
            w.replaceAll(r.events(), Instant.now());
            long h2 = HeapAfterGc.bytes();
            System.out.printf("%n5. heap: %,d Events as records %,d KB (%,d B each); in a window %,d KB more (%,d B each); "
                            + "a full window of %,d: %,d KB%n", r.events().size(), (h1 - h0) >> 10,
                    (h1 - h0) / r.events().size(), (h2 - h1) >> 10, (h2 - h1) / w.size(), w.size(),
                    (h2 - h0) * EventWindow.Limits.DEFAULT.maxEvents() / w.size() >> 10);
            if (r.events().isEmpty() || w.size() == 0) {
                throw new IllegalStateException("nothing measured");
            }
        } finally {
            storm.close();
            sandbox.close();
        }
        System.exit(0);
    }

    private static void read(String what, EventReads reads, EventScope scope, EventFilter filter, EventWindow.Limits limits)
            throws Exception {
        long t = System.nanoTime();
        EventReads.Result r = reads.read(scope, filter, limits, Instant.now());
        System.out.printf("4. %s Events read once through %s: %,d requests, %,d KB, %.2f s; %,d kept, %,d older left out%n",
                what, r.api().qualifiedName(), r.requests(), r.bytes() >> 10, secs(t), r.events().size(), r.dropped());
    }

    /** Storms at {@code rate} for {@code seconds}; returns the rate the sandbox achieved. */
    private static double stormFor(SandboxEventStorm storm, int rate, int seconds) throws InterruptedException {
        long w0 = storm.writes();
        long t = System.nanoTime();
        storm.rate(rate);
        Thread.sleep(seconds * 1000L);
        storm.rate(0);
        return (storm.writes() - w0) / secs(t);
    }

    /** Requests and bytes for Events (both APIs) as the sandbox counted them. */
    record Snapshot(long lists, long watches, long gets, long bytes) {
        static Snapshot of(RequestCounters r) {
            return new Snapshot(r.get("LIST", "events") + r.get("LIST", "events.k8s.io/events"),
                    r.get("WATCH", "events") + r.get("WATCH", "events.k8s.io/events"),
                    r.get("GET", "events") + r.get("GET", "events.k8s.io/events"),
                    r.bytesSent("events") + r.bytesSent("events.k8s.io/events"));
        }

        Snapshot minus(Snapshot o) {
            return new Snapshot(lists - o.lists, watches - o.watches, gets - o.gets, bytes - o.bytes);
        }

        @Override
        public String toString() {
            return String.format("%d LIST, %d WATCH, %,d KB sent", lists, watches, bytes >> 10);
        }
    }

    private static long cpu(String threadName) {
        for (Thread th : Thread.getAllStackTraces().keySet()) {
            if (th.getName().equals(threadName)) {
                return cpu(th);
            }
        }
        return 0;
    }

    private static long cpu(Thread th) {
        long n = THREADS.getThreadCpuTime(th.threadId());
        return Math.max(0, n);
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("not within 5 minutes");
            }
            Thread.sleep(50);
        }
    }

    private static double secs(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
