package dev.flightdeck.app.model;

import dev.flightdeck.app.nodes.ClusterSnapshot;
import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.nodes.PreflightConvention;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangBook;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.WorkloadObject;
import dev.flightdeck.app.model.ClusterMessage.Barrier;
import dev.flightdeck.app.model.ClusterMessage.NodeChange;
import dev.flightdeck.app.model.ClusterMessage.PodChange;
import dev.flightdeck.app.model.ClusterMessage.QueueChange;
import dev.flightdeck.app.model.ClusterMessage.QueuesDue;
import dev.flightdeck.app.model.ClusterMessage.Stop;
import dev.flightdeck.app.model.ClusterMessage.Subscribe;
import dev.flightdeck.app.model.ClusterMessage.TelemetryChange;
import dev.flightdeck.app.model.ClusterMessage.Tick;
import dev.flightdeck.app.model.ClusterMessage.VolcanoQueueChange;
import dev.flightdeck.app.model.ClusterMessage.WorkloadChange;
import dev.flightdeck.app.watch.WatchEvent;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The cluster model. Watch handlers only enqueue; one thread ("cluster-model") folds
 * the queued changes into compact state and publishes one {@link ClusterDelta} per
 * fold to its listeners. Listeners run on that thread and must not block: a view
 * hands the delta to its own FX-thread batcher.
 */
public final class ClusterModel implements AutoCloseable {

    /** The shortest time between two folds (20 a second at most); the screen applies 10 a second. */
    static final long FOLD_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final BlockingQueue<ClusterMessage> inbox = new LinkedBlockingQueue<>();
    private final List<Consumer<ClusterDelta>> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, NodeFacts> nodes = new HashMap<>();
    private final PodIndex pods = new PodIndex();
    private final GangBook gangs = new GangBook();
    private final QueueSnapshots queues = new QueueSnapshots(() -> inbox.add(new QueuesDue()));
    private final FoldProblems problems = new FoldProblems();
    private final GpuNodeTable gpuNodes;
    private final Clock clock;
    private final FirstLists lists = new FirstLists();
    private final WatchEventFold events = new WatchEventFold(nodes, pods, gangs, lists);
    private final Thread thread;
    /** Model thread only: the next fold publishes a reset (a node relist, or recovery after a failed fold). */
    private boolean resetAll;
    /** Model thread only: a fold failed half-way, so the next one rebuilds everything. */
    private boolean resyncAll;
    private volatile NodeSummary summary = NodeSummary.EMPTY;
    private volatile long version;

    /** A model folding from now on (its thread started). */
    public ClusterModel(PreflightConvention preflight, Clock clock) {
        this(preflight, clock, true);
    }

    private ClusterModel(PreflightConvention preflight, Clock clock, boolean start) {
        this.gpuNodes = new GpuNodeTable(preflight, pods, problems);
        this.clock = clock;
        this.thread = Thread.ofPlatform().name("cluster-model").daemon().unstarted(this::run);
        if (start) {
            thread.start();
        }
    }

    /**
     * A model that folds nothing until {@link #start()}: what is sent to it meanwhile waits in its inbox. A session is
     * built without starting anything, and starts its model with its watchers.
     */
    public static ClusterModel unstarted(PreflightConvention preflight, Clock clock) {
        return new ClusterModel(preflight, clock, false);
    }

    /** Starts folding (once; a model made by the constructor has started already). */
    public void start() {
        thread.start();
    }

    // ---- producers: called by watch handlers, never block ----

    public void onNodeEvent(WatchEvent<NodeFacts> event) {
        inbox.add(new NodeChange(event));
    }

    public void onPodEvent(WatchEvent<PodFacts> event) {
        inbox.add(new PodChange(event));
    }

    /** The sink for one kind of gang object (Job, JobSet, MPIJob…); relists replace only that kind. */
    public Consumer<WatchEvent<WorkloadObject>> workloadSink(String kind) {
        return e -> inbox.add(new WorkloadChange(kind, e));
    }

    /** The sink for one Kueue kind; a relist replaces only that kind. */
    public Consumer<WatchEvent<dev.flightdeck.app.queues.KueueObject>> queueSink(dev.flightdeck.app.queues.KueueKind kind) {
        return e -> inbox.add(new QueueChange(kind, e));
    }

    /** The sink for Volcano's Queues. */
    public Consumer<WatchEvent<dev.flightdeck.app.queues.VolcanoQueue>> volcanoQueueSink() {
        return e -> inbox.add(new VolcanoQueueChange(e));
    }

    /** What GPU telemetry found now (node health, gang activity); the nodes and gangs whose finding changed are rebuilt. */
    public void onTelemetry(GpuTelemetryFindings findings) {
        inbox.add(new TelemetryChange(findings));
    }

    public void tick() {
        inbox.add(new Tick());
    }

    /**
     * Adds a listener. Its first delta is a reset carrying the whole fleet, delivered on
     * the model thread, so it never misses or doubles a change.
     */
    public void subscribe(Consumer<ClusterDelta> listener) {
        inbox.add(new Subscribe(listener));
    }

    public void unsubscribe(Consumer<ClusterDelta> listener) {
        listeners.remove(listener);
    }

    // ---- readers: any thread ----

    /** Changes the model could not apply (skipped, counted), or null while there are none. */
    public FoldProblems.Problem foldProblem() {
        return problems.latest();
    }

    public ClusterSnapshot snapshot() {
        return new ClusterSnapshot(version, gpuNodes.sorted(), summary);
    }

    /** The fleet header as of the last fold, without copying or sorting the nodes. */
    public NodeSummary snapshotSummary() {
        return summary;
    }

    public GpuNode node(String name) {
        return gpuNodes.get(name);
    }

    /** The node a pod is on, or null (any thread): GPU telemetry places a GPU by its workload's pod or its exporter's. */
    public String nodeOfPod(String namespace, String pod) {
        PodFacts p = pods.get(namespace + "/" + pod);
        return p == null ? null : p.nodeName();
    }

    public List<PodFacts> podsOn(String node) {
        List<PodFacts> list = pods.onNode(node);
        list.sort(Comparator.comparing(PodFacts::namespace).thenComparing(PodFacts::name));
        return list;
    }

    /** Every gang-scheduled job, worst first. */
    public List<Gang> gangs() {
        return gangs.gangs();
    }

    public Gang gang(GangKey key) {
        return gangs.gang(key);
    }

    /** Kueue's queues as of the last fold; empty on a cluster without Kueue. */
    public dev.flightdeck.app.queues.QueuesSnapshot queues() {
        return queues.current();
    }

    /** Up to {@code limit} pods whose name passes {@code test}, in no particular order (search). */
    public List<PodFacts> podsNamed(java.util.function.Predicate<String> test, int limit) {
        List<PodFacts> out = new ArrayList<>();
        for (PodFacts p : pods.all()) {
            if (test.test(p.name())) {
                out.add(p);
                if (out.size() >= limit) {
                    break;
                }
            }
        }
        return out;
    }

    /** The GPU nodes' names, unsorted (search). */
    public java.util.Set<String> gpuNodeNames() {
        return gpuNodes.names();
    }

    /** How far the first LISTs have come (any thread). */
    public SyncProgress sync() {
        return lists.progress();
    }

    /** Waits until the node LIST has been folded in (the pods may still be listing). */
    public boolean awaitNodesListed(long timeout, TimeUnit unit) throws InterruptedException {
        return lists.awaitNodes(timeout, unit);
    }

    public int podCount() {
        return pods.size();
    }

    /** Waits until both the node and the pod LIST have been folded in. */
    public boolean awaitSynced(long timeout, TimeUnit unit) throws InterruptedException {
        return lists.awaitNodesAndPods(timeout, unit);
    }

    /** Waits until every change queued so far has been folded into the model. */
    public boolean awaitFolded(long timeout, TimeUnit unit) throws InterruptedException {
        CountDownLatch latch = new CountDownLatch(1);
        inbox.add(new Barrier(latch));
        return latch.await(timeout, unit);
    }

    @Override
    public void close() {
        inbox.add(new Stop());
    }

    // ---- the model thread ----

    private void run() {
        dev.flightdeck.app.threads.FoldLoop.run(inbox, FOLD_INTERVAL_NANOS, this::fold);
    }

    /** Folds one batch; returns false when asked to stop. */
    private boolean fold(List<ClusterMessage> batch) {
        Set<String> dirty = new HashSet<>();
        // Nodes whose own facts changed: only these can change a rank's node verdict.
        // (A pod change dirties its node's pod count, which no gang depends on.)
        Set<String> nodeFactsChanged = new HashSet<>();
        boolean nodesDone = false;
        boolean podsDone = false;
        List<Consumer<ClusterDelta>> newcomers = new ArrayList<>();
        List<CountDownLatch> barriers = new ArrayList<>();
        for (ClusterMessage m : batch) {
            try {
                if (!foldOne(m, nodeFactsChanged, dirty, newcomers, barriers)) {
                    listeners.clear();
                    return false;
                }
                nodesDone |= m instanceof NodeChange n && FirstLists.ended(n.event());
                podsDone |= m instanceof PodChange p && FirstLists.ended(p.event());
            } catch (RuntimeException | StackOverflowError e) {
                problems.record(ClusterMessage.describe(m), e, Instant.now());
            }
        }
        try {
            if (resyncAll) {
                // An earlier fold failed half-way: rebuild everything and send every screen a reset.
                resyncAll = false;
                dirty.addAll(nodes.keySet());
                gangs.touchAll();
                resetAll = true;
            }
            // a reader waiting on a barrier wants everything before it folded, the queues too
            publishFolded(dirty, nodeFactsChanged, newcomers, !barriers.isEmpty(),
                    !nodesDone && !lists.progress().nodesListed() && lists.progress().nodes().soFar() > 0);
        } catch (RuntimeException | StackOverflowError e) {
            long changes = batch.stream().filter(ClusterMessage::isChange).count();
            problems.record("folding " + changes + (changes == 1 ? " change" : " changes") + " (all rebuilt with the next)",
                    e, Instant.now());
            resyncAll = true;
            for (Consumer<ClusterDelta> l : newcomers) {
                if (!listeners.contains(l)) {
                    inbox.add(new Subscribe(l)); // their first delta comes with the next fold
                }
            }
        } finally {
            if (nodesDone) {
                lists.nodesWhole(nodes.size(), gpuNodes.size());
            }
            if (podsDone) {
                lists.podsWhole(pods.size(), gangs.gangs().size());
            }
            barriers.forEach(CountDownLatch::countDown);
        }
        return true;
    }

    /** Folds one message into the maps; returns false for Stop. */
    private boolean foldOne(ClusterMessage m, Set<String> nodeFactsChanged, Set<String> dirty, List<Consumer<ClusterDelta>> newcomers,
                            List<CountDownLatch> barriers) {
        switch (m) {
            case NodeChange(WatchEvent<NodeFacts> e) -> resetAll |= events.node(e, nodeFactsChanged);
            case PodChange(WatchEvent<PodFacts> e) -> events.pod(e, dirty);
            case WorkloadChange(String kind, WatchEvent<WorkloadObject> e) -> events.workload(kind, e);
            case TelemetryChange(GpuTelemetryFindings f) -> {
                gpuNodes.telemetry(f.nodes(), nodeFactsChanged);
                gangs.gpuActivity(f.gangs());
            }
            case QueueChange(var kind, var e) -> queues.apply(kind, e);
            case VolcanoQueueChange(var e) -> queues.applyVolcano(e);
            case QueuesDue() -> queues.dueNow();
            case Subscribe(Consumer<ClusterDelta> l) -> newcomers.add(l);
            case Barrier(CountDownLatch l) -> barriers.add(l);
            case Tick() -> {
                dirty.addAll(nodes.keySet()); // ages in reasons move on; facts do not change
                gangs.touchAll();
            }
            case Stop() -> {
                return false;
            }
        }
        return true;
    }

    /** Builds the dirty nodes and the gangs they touch, and publishes one delta (a reset after a relist). */
    private void publishFolded(Set<String> dirty, Set<String> nodeFactsChanged, List<Consumer<ClusterDelta>> newcomers,
                               boolean queuesNow, boolean nodesStillListing) {
        boolean reset = resetAll;
        resetAll = false;
        Instant now = clock.instant();
        dirty.addAll(nodeFactsChanged);
        GpuNodeTable.Rebuilt rebuilt = gpuNodes.rebuild(dirty, nodes, reset, now);
        Set<String> trustChanged = rebuilt.trustChanged();
        trustChanged.retainAll(nodeFactsChanged);
        gangs.nodesChanged(reset ? nodeFactsChanged : trustChanged, pods::onNode);
        queues.afterFold(queuesNow, gangs);
        GangBook.Changes gangChanges = gangs.rebuild(gpuNodes::get,
                new dev.flightdeck.app.gangs.WhyWaiting(gpuNodes.values(), queues.current().admittedGangs()), now);
        if (!dirty.isEmpty() || reset || !gangChanges.isEmpty()) {
            summary = gpuNodes.summary(nodes.size(), pods.size());
            version++;
            publish(reset ? everything(summary, nodesStillListing)
                    : new ClusterDelta(version, false, rebuilt.upserted(), rebuilt.removed(), summary, gangChanges.changed(),
                    gangChanges.removed(), nodesStillListing), listeners);
        }
        if (!newcomers.isEmpty()) {
            publish(everything(summary, nodesStillListing), newcomers);
            listeners.addAll(newcomers);
        }
    }

    private ClusterDelta everything(NodeSummary summary, boolean nodesStillListing) {
        return new ClusterDelta(version, true, List.copyOf(gpuNodes.values()), Set.of(), summary, gangs.gangs(), Set.of(),
                nodesStillListing);
    }

    private static void publish(ClusterDelta delta, List<Consumer<ClusterDelta>> to) {
        for (Consumer<ClusterDelta> l : to) {
            try {
                l.accept(delta);
            } catch (RuntimeException e) {
                // A broken listener must not stop the model for everyone else.
                System.getLogger(ClusterModel.class.getName())
                        .log(System.Logger.Level.WARNING, "fleet listener failed: " + e);
            }
        }
    }
}
