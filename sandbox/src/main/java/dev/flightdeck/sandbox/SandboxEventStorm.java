package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An Event storm, as a large cluster in trouble makes one: at a chosen rate, Events written through the
 * store as the API would store them, in the mix of a fleet-wide incident —
 * <ul>
 *   <li>a third new Events about pods: the kubelet's BackOff / Unhealthy and the scheduler's
 *       FailedScheduling, each on a pod of a large pool (so names rarely repeat),</li>
 *   <li>two thirds an Event seen again (the legacy recorder's count and last timestamp), which is how
 *       most of a storm's writes look once its objects' Events exist,</li>
 * </ul>
 * and, like the API server's --event-ttl, Events older than {@code ttlSeconds} deleted as it goes. Not a
 * simulation of one controller; a load shape for measuring what watching Events costs.
 */
public final class SandboxEventStorm implements AutoCloseable {

    private static final int TICKS_PER_SECOND = 50;
    private static final String[] KUBELET = {"BackOff", "Back-off restarting failed container trainer in pod %s",
            "Unhealthy", "Readiness probe failed: Get \"http://10.0.%d.%d:8080/healthz\": dial tcp: connect: connection refused"};

    private final ObjectStore store;
    private final SandboxEventRecorder recorder;
    private final int pods;
    private final int namespaces;
    private final long ttlNanos;
    private final SplittableRandom random = new SplittableRandom(24);
    private final List<ObjectNode> recent = new ArrayList<>();
    private final java.util.ArrayDeque<Object[]> created = new java.util.ArrayDeque<>();
    private final AtomicLong writes = new AtomicLong();
    private final AtomicLong deletes = new AtomicLong();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("sandbox-event-storm").daemon().unstarted(r));
    private volatile double perSecond;
    private double owed;

    /** Events about {@code pods} pods spread over {@code namespaces} namespaces ({@code storm-0}…). */
    public SandboxEventStorm(SandboxCluster sandbox, int pods, int namespaces, int ttlSeconds) {
        this.store = sandbox.store();
        this.recorder = new SandboxEventRecorder(store);
        this.pods = pods;
        this.namespaces = namespaces;
        this.ttlNanos = TimeUnit.SECONDS.toNanos(ttlSeconds);
        timer.scheduleAtFixedRate(this::tick, 0, 1000 / TICKS_PER_SECOND, TimeUnit.MILLISECONDS);
    }

    /** Writes this many Events a second from now on (0 stops). */
    public void rate(double eventsPerSecond) {
        perSecond = eventsPerSecond;
    }

    /** Writes {@code n} Events at once (to fill the store as an hour of storm would). */
    public synchronized void burst(int n) {
        for (int i = 0; i < n; i++) {
            writeOne(Instant.now());
        }
    }

    public long writes() {
        return writes.get();
    }

    public long deletes() {
        return deletes.get();
    }

    private synchronized void tick() {
        try {
            owed += perSecond / TICKS_PER_SECOND;
            Instant now = Instant.now();
            while (owed >= 1) {
                owed--;
                writeOne(now);
            }
            expire();
        } catch (RuntimeException e) {
            System.getLogger(SandboxEventStorm.class.getName()).log(System.Logger.Level.WARNING, "event storm: " + e);
        }
    }

    private void writeOne(Instant now) {
        try {
            if (!recent.isEmpty() && random.nextInt(3) != 0) {
                int i = random.nextInt(recent.size());
                try {
                    recent.set(i, recorder.repeated(recent.get(i), now));
                } catch (StoreException gone) {
                    // the TTL deleted it: forget it (the last one takes its place) and write a new one next time
                    recent.set(i, recent.getLast());
                    recent.removeLast();
                    return;
                }
            } else {
                int pod = random.nextInt(pods);
                String ns = "storm-" + pod % namespaces;
                String name = "ranks-" + pod / 512 + "-" + pod % 512 + "-x" + Integer.toHexString(pod * 7919 & 0xfffff);
                SandboxEventRecorder.About about = SandboxEventRecorder.About.pod(ns, name);
                ObjectNode e;
                int kind = random.nextInt(3);
                if (kind == 0) {
                    e = recorder.scheduler(about, "FailedScheduling", true, "0/2500 nodes are available: 2500 Insufficient "
                            + "nvidia.com/gpu. preemption: 0/2500 nodes are available: 2500 No preemption victims found.", now, 1, now);
                } else {
                    int r = kind == 1 ? 0 : 2;
                    e = recorder.legacy(about, "kubelet", KUBELET[r], true, KUBELET[r + 1].formatted(kind == 1 ? name : pod % 250,
                            pod % 250), now, 1, now);
                    if (recent.size() < 20_000) {
                        recent.add(e);
                    } else {
                        recent.set(random.nextInt(recent.size()), e);
                    }
                }
                created.addLast(new Object[] {System.nanoTime(), ns, e.path("metadata").path("name").asText()});
            }
            writes.incrementAndGet();
        } catch (StoreException e) {
            throw new IllegalStateException("the storm's Event was refused: " + e.getMessage(), e);
        }
    }

    /** The API server's --event-ttl: Events are deleted this long after they were created. */
    private void expire() {
        long now = System.nanoTime();
        while (!created.isEmpty() && now - (long) created.peekFirst()[0] > ttlNanos) {
            Object[] old = created.removeFirst();
            try {
                store.delete("events", (String) old[1], (String) old[2]);
                deletes.incrementAndGet();
            } catch (StoreException e) {
                // already gone
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
