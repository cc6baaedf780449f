package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A load shape for the responsiveness benchmark, not a simulation of anything real:
 * watch events at a chosen rate, written through the sandbox's store as the API would
 * write them, in the mix an incident produces —
 * <ul>
 *   <li>30% a node's Ready condition flips (the kubelet stops or resumes posting),</li>
 *   <li>10% a node's NVLink health condition flips (an NVSentinel-style agent),</li>
 *   <li>25% a rank's container restarts, 15% a rank's readiness flips,</li>
 *   <li>10% a pod is created on a node, 10% one of those is deleted again.</li>
 * </ul>
 * Node flips visit the nodes in turn, so a node flips again only after all others
 * have (a benchmark can then tell which write a screen is showing); every Ready flip
 * is announced to the {@link ReadyFlips} listener with the time it was written.
 */
public final class SandboxChurnLoad implements AutoCloseable {

    /**
     * Told of every Ready flip just after the store accepted it (the moment watchers are
     * sent it), with the node's new resourceVersion: a screen showing that version or a
     * later one shows the flip.
     */
    @FunctionalInterface
    public interface ReadyFlips {
        void written(String node, long resourceVersion, long nanoTime);
    }

    private static final String CHURN_NAMESPACE = "churn";
    private static final int TICKS_PER_SECOND = 100;

    private final ObjectStore store;
    private final List<String> nodes;
    private final List<String[]> rankPods = new ArrayList<>();
    private final ArrayDeque<String> created = new ArrayDeque<>();
    private final ReadyFlips flips;
    private final SplittableRandom random = new SplittableRandom(42);
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("sandbox-churn-load").daemon().unstarted(r));
    private volatile double perSecond;
    private double owed;
    private int nextReadyNode;
    private int nextNvlinkNode;
    private int createdSeq;

    public SandboxChurnLoad(SandboxCluster sandbox, ReadyFlips flips) {
        this.store = sandbox.store();
        this.flips = flips;
        List<String> names = new ArrayList<>();
        try {
            for (ObjectNode n : store.listAll("nodes")) {
                if (n.path("metadata").path("labels").has("nvidia.com/gpu.product")) {
                    names.add(n.path("metadata").path("name").asText());
                }
            }
            for (ObjectNode p : store.listAll("pods")) {
                if (p.path("metadata").path("labels").has("batch.kubernetes.io/job-completion-index")
                        && "Running".equals(p.path("status").path("phase").asText())) {
                    rankPods.add(new String[]{p.path("metadata").path("namespace").asText(),
                            p.path("metadata").path("name").asText()});
                }
            }
        } catch (StoreException e) {
            throw new IllegalStateException("cannot read the sandbox for the churn load: " + e.getMessage(), e);
        }
        this.nodes = List.copyOf(names);
        if (nodes.isEmpty()) {
            throw new IllegalStateException("the sandbox has no GPU nodes to churn");
        }
        timer.scheduleAtFixedRate(this::tick, 10, 1000 / TICKS_PER_SECOND, TimeUnit.MILLISECONDS);
    }

    /** Events per second from now on (0 pauses). */
    public void setRate(double eventsPerSecond) {
        perSecond = eventsPerSecond;
    }

    /** Events the store accepted so far. */
    public long written() {
        return written.get();
    }

    /** Events the store refused (e.g. an object deleted meanwhile); skipped, not retried. */
    public long failed() {
        return failed.get();
    }

    /** The GPU node a flip-watching benchmark may select: it flips like every other. */
    public String node(int i) {
        return nodes.get(i % nodes.size());
    }

    private void tick() {
        owed += perSecond / TICKS_PER_SECOND;
        // A store that cannot keep up is not paid back later in a burst: the rate is a ceiling.
        owed = Math.min(owed, Math.max(1, perSecond / 10));
        while (owed >= 1) {
            owed -= 1;
            try {
                oneEvent();
                written.incrementAndGet();
            } catch (StoreException | RuntimeException e) {
                failed.incrementAndGet();
            }
        }
    }

    private void oneEvent() throws StoreException {
        int dice = random.nextInt(100);
        if (dice < 30) {
            flipReady();
        } else if (dice < 40) {
            flipNvlink();
        } else if (dice < 65) {
            restartRank();
        } else if (dice < 80) {
            flipRankReady();
        } else if (dice < 90 || created.isEmpty()) {
            createPod();
        } else {
            store.delete("pods", CHURN_NAMESPACE, created.removeFirst());
        }
    }

    private void flipReady() throws StoreException {
        String name = nodes.get(nextReadyNode++ % nodes.size());
        ObjectNode n = store.get("nodes", null, name);
        boolean ready = !"True".equals(condition(n, "Ready"));
        NodeTemplates.setCondition(n, "Ready", ready ? "True" : "Unknown",
                ready ? "KubeletReady" : "NodeStatusUnknown",
                ready ? "kubelet is posting ready status" : "Kubelet stopped posting node status.", Instant.now());
        ObjectNode stored = store.replace("nodes", null, name, n);
        flips.written(name, Long.parseLong(stored.path("metadata").path("resourceVersion").asText()), System.nanoTime());
    }

    private void flipNvlink() throws StoreException {
        String name = nodes.get(nextNvlinkNode++ * 7 % nodes.size());
        ObjectNode n = store.get("nodes", null, name);
        boolean failing = !"True".equals(condition(n, "GpuNvlinkWatch"));
        NodeTemplates.setCondition(n, "GpuNvlinkWatch", failing ? "True" : "False",
                failing ? "NvlinkDown" : "NvlinkHealthy",
                failing ? "NVLink link 3 of GPU 5 is down" : "All NVLink links are up", Instant.now());
        store.replace("nodes", null, name, n);
    }

    private static String condition(ObjectNode node, String type) {
        for (var c : node.path("status").path("conditions")) {
            if (type.equals(c.path("type").asText())) {
                return c.path("status").asText();
            }
        }
        return null;
    }

    /** A change to the pod and first container status of a running rank. */
    @FunctionalInterface
    private interface RankEdit {
        void apply(ObjectNode pod, ObjectNode containerStatus);
    }

    /** Applies {@code edit} to a random rank and writes it back (a pod is created instead when there are no ranks). */
    private void editRandomRank(RankEdit edit) throws StoreException {
        if (rankPods.isEmpty()) {
            createPod();
            return;
        }
        String[] where = rankPods.get(random.nextInt(rankPods.size()));
        ObjectNode pod = store.get("pods", where[0], where[1]);
        ObjectNode cs = (ObjectNode) pod.path("status").path("containerStatuses").path(0);
        if (cs.isMissingNode()) {
            return;
        }
        edit.apply(pod, cs);
        store.replace("pods", where[0], where[1], pod);
    }

    private void restartRank() throws StoreException {
        editRandomRank((pod, cs) -> PodTemplates.restarted(cs, Instant.now()));
    }

    private void flipRankReady() throws StoreException {
        editRandomRank((pod, cs) -> {
            boolean ready = !cs.path("ready").asBoolean();
            cs.put("ready", ready);
            for (var c : pod.path("status").path("conditions")) {
                String type = c.path("type").asText();
                if (type.equals("Ready") || type.equals("ContainersReady")) {
                    ((ObjectNode) c).put("status", ready ? "True" : "False");
                }
            }
        });
    }

    private void createPod() throws StoreException {
        String node = nodes.get(random.nextInt(nodes.size()));
        ObjectNode pod = PodTemplates.deploymentPod(CHURN_NAMESPACE, "churn", createdSeq++, node, Instant.now());
        store.create("pods", pod);
        created.addLast(pod.path("metadata").path("name").asText());
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
