package dev.flightdeck.app.model;

import dev.flightdeck.app.fleet.FleetSnapshot;
import dev.flightdeck.app.fleet.FleetSummary;
import dev.flightdeck.app.fleet.GpuNode;
import dev.flightdeck.app.fleet.GpuTrustRules;
import dev.flightdeck.app.fleet.NodeFacts;
import dev.flightdeck.app.fleet.PodFacts;
import dev.flightdeck.app.fleet.PreflightConvention;
import dev.flightdeck.app.fleet.PreflightReader;
import dev.flightdeck.app.fleet.PreflightState;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangBook;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.WorkloadObject;
import dev.flightdeck.app.watch.WatchEvent;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The fleet model. Watch handlers only enqueue; one thread ("fleet-model") folds
 * the queued changes into compact state and publishes one {@link FleetDelta} per
 * fold to its listeners. Listeners run on that thread and must not block: a view
 * hands the delta to its own FX-thread batcher.
 */
public final class FleetModel implements AutoCloseable {

    private sealed interface Message {
    }

    private record NodeChange(WatchEvent<NodeFacts> event) implements Message {
    }

    private record PodChange(WatchEvent<PodFacts> event) implements Message {
    }

    private record WorkloadChange(String kind, WatchEvent<WorkloadObject> event) implements Message {
    }

    /** A Kueue object changed (conventions §Kueue): folded into the queue book, whose pending Workloads are queued gangs. */
    private record QueueChange(dev.flightdeck.app.queues.KueueKind kind,
                               WatchEvent<dev.flightdeck.app.queues.KueueObject> event) implements Message {
    }

    /** A Volcano Queue changed: folded into the queue book too. */
    private record VolcanoQueueChange(WatchEvent<dev.flightdeck.app.queues.VolcanoQueue> event) implements Message {
    }

    private record Subscribe(Consumer<FleetDelta> listener) implements Message {
    }

    /** GPU telemetry's judgement at one refresh: replaces the last one whole. */
    private record TelemetryChange(GpuTelemetryFindings findings) implements Message {
    }

    /** Wakes the model to build the queue snapshot it put off ({@link #QUEUES_INTERVAL_NANOS}). */
    private record QueuesDue() implements Message {
    }

    /** Re-evaluates every node so ages in reasons ("failed 2h ago") stay true. */
    private record Tick() implements Message {
    }

    private record Stop() implements Message {
    }

    /** Released once everything queued before it has been folded in. */
    private record Barrier(CountDownLatch folded) implements Message {
    }

    /** The shortest time between two folds (20 a second at most); the screen applies 10 a second. */
    static final long FOLD_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /**
     * The shortest time between two queue snapshots. One costs ~7 ms with 2,500 Workloads waiting on 2,500
     * admitted; while Kueue rewrites Workloads, once per fold (20 a second) would be a sixth of a core.
     */
    static final long QUEUES_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final BlockingQueue<Message> inbox = new LinkedBlockingQueue<>();
    private final List<Consumer<FleetDelta>> listeners = new CopyOnWriteArrayList<>();
    private final Map<String, NodeFacts> nodes = new HashMap<>();
    private final Map<String, GpuNode> gpuNodes = new ConcurrentHashMap<>();
    private final FleetTally tally = new FleetTally();
    private final PodIndex pods = new PodIndex();
    private final GangBook gangs = new GangBook();
    /** Model thread only: Kueue's queues; {@link #queues} is what others read. */
    private final dev.flightdeck.app.queues.QueueBook queueBook = new dev.flightdeck.app.queues.QueueBook();
    private volatile dev.flightdeck.app.queues.QueuesSnapshot queues = dev.flightdeck.app.queues.QueuesSnapshot.EMPTY;
    /** Model thread only: when the last queue snapshot was built, and whether a wake-up for the next is on its way. */
    private long queuesBuiltNanos = System.nanoTime() - QUEUES_INTERVAL_NANOS;
    private boolean queuesDue;
    private final PreflightConvention preflight;
    private final Clock clock;
    private final CountDownLatch nodesListed = new CountDownLatch(1);
    private final CountDownLatch podsListed = new CountDownLatch(1);
    private final Thread thread;
    private final FoldProblems problems = new FoldProblems();
    /** Model thread only: telemetry's findings per node, as last received (none without telemetry). */
    private Map<String, List<dev.flightdeck.app.fleet.GpuHealthFinding>> gpuHealth = Map.of();
    /** Model thread only: the next fold publishes a reset (a node relist, or recovery after a failed fold). */
    private boolean resetAll;
    /** Model thread only: a fold failed half-way, so the next one rebuilds everything. */
    private boolean resyncAll;
    private volatile FleetSummary summary = FleetSummary.EMPTY;
    /** Written on the model thread only; how far the first LISTs have come, for the status bar and the startup trace. */
    private volatile SyncProgress sync = SyncProgress.NOTHING;
    private volatile long version;

    public FleetModel(PreflightConvention preflight, Clock clock) {
        this.preflight = preflight;
        this.clock = clock;
        this.thread = Thread.ofPlatform().name("fleet-model").daemon().start(this::run);
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
    public void subscribe(Consumer<FleetDelta> listener) {
        inbox.add(new Subscribe(listener));
    }

    public void unsubscribe(Consumer<FleetDelta> listener) {
        listeners.remove(listener);
    }

    // ---- readers: any thread ----

    /** Changes the model could not apply (skipped, counted), or null while there are none. */
    public FoldProblems.Problem foldProblem() {
        return problems.latest();
    }

    public FleetSnapshot snapshot() {
        List<GpuNode> sorted = new ArrayList<>(gpuNodes.values());
        sorted.sort(Comparator.comparing(GpuNode::name));
        return new FleetSnapshot(version, sorted, summary);
    }

    /** The fleet header as of the last fold, without copying or sorting the nodes. */
    public FleetSummary snapshotSummary() {
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
        return queues;
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
        return java.util.Collections.unmodifiableSet(gpuNodes.keySet());
    }

    /** How far the first LISTs have come (any thread). */
    public SyncProgress sync() {
        return sync;
    }

    /** Waits until the node LIST has been folded in (the pods may still be listing). */
    public boolean awaitNodesListed(long timeout, TimeUnit unit) throws InterruptedException {
        return nodesListed.await(timeout, unit);
    }

    public int podCount() {
        return pods.size();
    }

    /** Waits until both the node and the pod LIST have been folded in. */
    public boolean awaitSynced(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        return nodesListed.await(timeout, unit)
                && podsListed.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
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
    private boolean fold(List<Message> batch) {
        Set<String> dirty = new HashSet<>();
        // Nodes whose own facts changed: only these can change a rank's node verdict.
        // (A pod change dirties its node's pod count, which no gang depends on.)
        Set<String> nodeFactsChanged = new HashSet<>();
        boolean nodesDone = false;
        boolean podsDone = false;
        List<Consumer<FleetDelta>> newcomers = new ArrayList<>();
        List<CountDownLatch> barriers = new ArrayList<>();
        for (Message m : batch) {
            try {
                if (!foldOne(m, nodeFactsChanged, dirty, newcomers, barriers)) {
                    listeners.clear();
                    return false;
                }
                nodesDone |= m instanceof NodeChange n && listEnded(n.event());
                podsDone |= m instanceof PodChange p && listEnded(p.event());
            } catch (RuntimeException | StackOverflowError e) {
                problems.record(describe(m), e, Instant.now());
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
            publishFolded(dirty, nodeFactsChanged, newcomers, !barriers.isEmpty());
        } catch (RuntimeException | StackOverflowError e) {
            long changes = batch.stream().filter(m -> m instanceof NodeChange || m instanceof PodChange
                    || m instanceof WorkloadChange || m instanceof QueueChange || m instanceof VolcanoQueueChange).count();
            problems.record("folding " + changes + (changes == 1 ? " change" : " changes") + " (all rebuilt with the next)",
                    e, Instant.now());
            resyncAll = true;
            for (Consumer<FleetDelta> l : newcomers) {
                if (!listeners.contains(l)) {
                    inbox.add(new Subscribe(l)); // their first delta comes with the next fold
                }
            }
        } finally {
            if (nodesDone) {
                sync = sync.withNodesWhole(nodes.size(), gpuNodes.size());
                dev.flightdeck.app.trace.StartupTrace.mark("nodes-listed", nodes.size());
                nodesListed.countDown();
            }
            if (podsDone) {
                sync = sync.withPodsWhole(pods.size(), gangs.gangs().size());
                dev.flightdeck.app.trace.StartupTrace.mark("pods-synced", pods.size());
                podsListed.countDown();
            }
            barriers.forEach(CountDownLatch::countDown);
        }
        return true;
    }

    /** Folds one message into the maps; returns false for Stop. */
    private boolean foldOne(Message m, Set<String> nodeFactsChanged, Set<String> dirty, List<Consumer<FleetDelta>> newcomers,
                            List<CountDownLatch> barriers) {
        switch (m) {
            case NodeChange(WatchEvent<NodeFacts> e) -> resetAll |= foldNode(e, nodeFactsChanged);
            case PodChange(WatchEvent<PodFacts> e) -> foldPod(e, dirty);
            case WorkloadChange(String kind, WatchEvent<WorkloadObject> e) -> {
                switch (e) {
                    case WatchEvent.Upserted<WorkloadObject>(WorkloadObject w) -> gangs.putWorkload(w);
                    case WatchEvent.Deleted<WorkloadObject>(WorkloadObject w) -> gangs.removeWorkload(w);
                    case WatchEvent.Relisted<WorkloadObject>(List<WorkloadObject> all) -> gangs.replaceWorkloads(kind, all);
                    case WatchEvent.Paged<WorkloadObject> page -> page.items().forEach(gangs::putWorkload);
                }
            }
            case TelemetryChange(GpuTelemetryFindings f) -> {
                Set<String> names = new HashSet<>(gpuHealth.keySet());
                names.addAll(f.nodes().keySet());
                for (String name : names) {
                    if (!Objects.equals(gpuHealth.get(name), f.nodes().get(name))) {
                        nodeFactsChanged.add(name); // its trust may change, and with it its gangs' ranks
                    }
                }
                gpuHealth = f.nodes();
                gangs.gpuActivity(f.gangs());
            }
            case QueueChange(dev.flightdeck.app.queues.KueueKind kind, var e) -> queueBook.apply(kind, e);
            case VolcanoQueueChange(var e) -> queueBook.applyVolcano(e);
            case QueuesDue() -> queuesDue = false;
            case Subscribe(Consumer<FleetDelta> l) -> newcomers.add(l);
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
    private void publishFolded(Set<String> dirty, Set<String> nodeFactsChanged, List<Consumer<FleetDelta>> newcomers,
                               boolean queuesNow) {
        boolean reset = resetAll;
        resetAll = false;
        Instant now = clock.instant();
        List<GpuNode> upserted = new ArrayList<>();
        Set<String> removed = new HashSet<>();
        // Ranks show their node's trust: only nodes whose trust changed make their gangs change.
        Set<String> trustChanged = new HashSet<>();
        dirty.addAll(nodeFactsChanged);
        for (String name : dirty) {
            NodeFacts facts = nodes.get(name);
            if (facts == null || !facts.isGpuNode()) {
                GpuNode gone = gpuNodes.remove(name);
                if (gone != null) {
                    tally.replace(gone, null);
                    removed.add(name);
                    trustChanged.add(name);
                }
                continue;
            }
            GpuNode n;
            try {
                n = build(facts, now);
            } catch (RuntimeException e) {
                problems.record("node " + name, e, Instant.now()); // this node stays as it was; the others go on
                continue;
            }
            GpuNode old = gpuNodes.put(name, n);
            tally.replace(old, n);
            if (old == null || !Objects.equals(old.trust(), n.trust())) {
                trustChanged.add(name);
            }
            if (reset || !looksTheSame(old, n)) {
                upserted.add(n);
            }
        }
        trustChanged.retainAll(nodeFactsChanged);
        gangs.nodesChanged(reset ? nodeFactsChanged : trustChanged, pods::onNode);
        if (queueBook.dirty()) {
            // at most once per interval however many Workloads changed: a quota freed changes every waiting reason
            // of its queue; what changed meanwhile waits for the wake-up, not for the next unrelated change
            long since = System.nanoTime() - queuesBuiltNanos;
            if (since >= QUEUES_INTERVAL_NANOS || queuesNow) {
                queues = queueBook.snapshot();
                gangs.queued(queues.gangs());
                queuesBuiltNanos = System.nanoTime();
            } else if (!queuesDue) {
                queuesDue = true;
                java.util.concurrent.CompletableFuture.delayedExecutor(QUEUES_INTERVAL_NANOS - since, TimeUnit.NANOSECONDS)
                        .execute(() -> inbox.add(new QueuesDue()));
            }
        }
        GangBook.Changes gangChanges = gangs.rebuild(gpuNodes::get,
                new dev.flightdeck.app.gangs.WhyWaiting(gpuNodes.values(), queues.admittedGangs()), now);
        if (!dirty.isEmpty() || reset || !gangChanges.isEmpty()) {
            summary = tally.summary(nodes.size(), pods.size());
            version++;
            publish(reset ? everything(summary)
                    : new FleetDelta(version, false, upserted, removed, summary, gangChanges.changed(),
                    gangChanges.removed()), listeners);
        }
        if (!newcomers.isEmpty()) {
            publish(everything(summary), newcomers);
            listeners.addAll(newcomers);
        }
    }

    /** A whole LIST, or the last page of a streamed first one. */
    private static boolean listEnded(WatchEvent<?> e) {
        return e instanceof WatchEvent.Relisted || e instanceof WatchEvent.Paged<?> p && p.progress().whole();
    }

    private static String describe(Message m) {
        return switch (m) {
            case NodeChange(WatchEvent<NodeFacts> e) -> FoldProblems.describe("node", e, NodeFacts::name);
            case PodChange(WatchEvent<PodFacts> e) -> FoldProblems.describe("pod", e, p -> p.namespace() + "/" + p.name());
            case WorkloadChange(String kind, WatchEvent<WorkloadObject> e) ->
                    FoldProblems.describe(kind, e, w -> w.namespace() + "/" + w.name());
            case QueueChange(dev.flightdeck.app.queues.KueueKind kind, var e) ->
                    FoldProblems.describe(kind.watchedName(), e, dev.flightdeck.app.queues.KueueObject::key);
            case VolcanoQueueChange(var e) -> FoldProblems.describe(dev.flightdeck.app.queues.VolcanoQueueProjector.WATCHED_NAME,
                    e, dev.flightdeck.app.queues.VolcanoQueue::name);
            default -> m.getClass().getSimpleName();
        };
    }

    /**
     * Whether a rebuilt node shows exactly what it showed: a rank on it restarting or turning
     * ready re-counts its pods but changes nothing on the node's row, and under churn most pod
     * events are of that kind; such a node is not sent to the screens again.
     */
    private static boolean looksTheSame(GpuNode old, GpuNode n) {
        return old != null && old.facts() == n.facts() && old.podCount() == n.podCount()
                && old.gpusInUse() == n.gpusInUse() && Objects.equals(old.trust(), n.trust())
                && Objects.equals(old.preflight(), n.preflight()) && Objects.equals(old.cordon(), n.cordon());
    }

    private FleetDelta everything(FleetSummary summary) {
        return new FleetDelta(version, true, List.copyOf(gpuNodes.values()), Set.of(), summary, gangs.gangs(), Set.of());
    }

    private boolean foldNode(WatchEvent<NodeFacts> e, Set<String> dirty) {
        switch (e) {
            case WatchEvent.Upserted<NodeFacts>(NodeFacts n) -> {
                nodes.put(n.name(), n);
                dirty.add(n.name());
            }
            case WatchEvent.Deleted<NodeFacts>(NodeFacts n) -> {
                nodes.remove(n.name());
                dirty.add(n.name());
            }
            case WatchEvent.Relisted<NodeFacts>(List<NodeFacts> all) -> {
                // gpuNodes is not cleared: other threads read it, and an empty moment in the
                // middle of a relist showed nodes as gone. Every name before and after is
                // dirty, so the fold below rebuilds or removes each one.
                dirty.addAll(nodes.keySet());
                nodes.clear();
                for (NodeFacts n : all) {
                    nodes.put(n.name(), n);
                }
                dirty.addAll(nodes.keySet());
                return true;
            }
            case WatchEvent.Paged<NodeFacts> page -> {
                for (NodeFacts n : page.items()) {
                    nodes.put(n.name(), n);
                    dirty.add(n.name());
                }
                sync = sync.withNodesPage(page.progress(), nodes.size());
            }
        }
        return false;
    }

    private void foldPod(WatchEvent<PodFacts> e, Set<String> dirty) {
        switch (e) {
            case WatchEvent.Upserted<PodFacts>(PodFacts p) -> {
                pods.put(p, dirty);
                gangs.put(p);
            }
            case WatchEvent.Deleted<PodFacts>(PodFacts p) -> {
                pods.remove(p, dirty);
                gangs.remove(p);
            }
            case WatchEvent.Relisted<PodFacts>(List<PodFacts> all) -> {
                pods.replaceAll(all, dirty);
                gangs.replaceAll(all);
            }
            case WatchEvent.Paged<PodFacts> page -> {
                for (PodFacts p : page.items()) {
                    pods.put(p, dirty);
                    gangs.put(p);
                }
                sync = sync.withPodsPage(page.progress(), pods.size());
            }
        }
    }

    private GpuNode build(NodeFacts facts, Instant now) {
        PreflightState pre = PreflightReader.read(facts, preflight);
        int podCount = 0;
        int gpus = 0;
        for (PodFacts p : pods.onNode(facts.name())) {
            if (!p.finished()) {
                podCount++;
                gpus += p.gpuRequest();
            }
        }
        return new GpuNode(facts, pre, PreflightReader.cordon(facts), GpuTrustRules.assess(facts, pre,
                gpuHealth.getOrDefault(facts.name(), List.of()), now),
                podCount, gpus);
    }

    private static void publish(FleetDelta delta, List<Consumer<FleetDelta>> to) {
        for (Consumer<FleetDelta> l : to) {
            try {
                l.accept(delta);
            } catch (RuntimeException e) {
                // A broken listener must not stop the model for everyone else.
                System.getLogger(FleetModel.class.getName())
                        .log(System.Logger.Level.WARNING, "fleet listener failed: " + e);
            }
        }
    }
}
