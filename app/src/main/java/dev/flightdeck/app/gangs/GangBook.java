package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.PodFacts;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The gangs of one cluster, kept up to date pod by pod. Written only by the fleet
 * model's thread; {@link #gangs()} and {@link #gang} may be read from any thread.
 * Only gangs touched by a change are rebuilt, so a pod restart in a 1,024-rank gang
 * costs one gang, not all of them.
 */
public final class GangBook {

    private final Map<GangKey, Map<String, RankNumbering.Member>> members = new HashMap<>();
    private final Map<String, GangKey> gangOfPod = new HashMap<>();
    private final Map<GangKey, Gang> built = new ConcurrentHashMap<>();
    private final Set<GangKey> dirty = new HashSet<>();
    private final Map<String, WorkloadObject> workloads = new HashMap<>();
    private final Map<GangKey, WorkloadFacts> gangObjects = new HashMap<>();
    private final SchedulingGroupClaims groupClaims = new SchedulingGroupClaims();
    // One GangKey per gang, shared by its pods' ranks and claims: a copy per pod was ~70 bytes a pod.
    private final Map<GangKey, GangKey> canonicalKeys = new HashMap<>();
    /** GPU telemetry's findings on running gangs (stalled, a straggler), replaced whole at each telemetry refresh. */
    private Map<GangKey, GpuActivityFinding> gpuActivity = Map.of();
    /** Jobs Kueue holds in a queue (no pods yet), replaced whole whenever the queues change. */
    private Map<GangKey, QueuedGang> queued = Map.of();
    /** Gangs with a Pending rank bound to no node: what holds it is read off the nodes ({@link WhyWaiting}). */
    private final Set<GangKey> waitingForNodes = new HashSet<>();

    /** The jobs Kueue holds in its queues now; the gangs whose entry changed are rebuilt. */
    public void queued(Map<GangKey, QueuedGang> now) {
        Set<GangKey> touched = new HashSet<>(queued.keySet());
        touched.addAll(now.keySet());
        for (GangKey k : touched) {
            if (!java.util.Objects.equals(queued.get(k), now.get(k))) {
                dirty.add(k);
            }
        }
        queued = Map.copyOf(now);
    }

    /** Telemetry's findings now; the gangs whose finding changed are rebuilt. */
    public void gpuActivity(Map<GangKey, GpuActivityFinding> findings) {
        Set<GangKey> touched = new HashSet<>(gpuActivity.keySet());
        touched.addAll(findings.keySet());
        for (GangKey k : touched) {
            if (!java.util.Objects.equals(gpuActivity.get(k), findings.get(k))) {
                dirty.add(k);
            }
        }
        gpuActivity = Map.copyOf(findings);
    }

    /** A gang object was added or changed. */
    public void putWorkload(WorkloadObject w) {
        removeWorkload(w);
        workloads.put(w.key(), w);
        for (WorkloadFacts f : w.gangs()) {
            gangObjects.put(f.key(), f);
            dirty.add(f.key());
        }
    }

    public void removeWorkload(WorkloadObject w) {
        WorkloadObject old = workloads.remove(w.key());
        if (old != null) {
            for (WorkloadFacts f : old.gangs()) {
                gangObjects.remove(f.key());
                dirty.add(f.key());
            }
        }
    }

    /** A relist of one kind of gang object replaces that kind's objects only. */
    public void replaceWorkloads(String kind, Collection<WorkloadObject> all) {
        for (WorkloadObject w : List.copyOf(workloads.values())) {
            if (w.kind().equals(kind)) {
                removeWorkload(w);
            }
        }
        all.forEach(this::putWorkload);
    }

    /** A pod was added or changed. */
    public void put(PodFacts pod) {
        remove(pod);
        Optional<PodRank> rank = GangAdapters.identify(pod);
        if (rank.isEmpty()) {
            return;
        }
        GangKey key = canonical(rank.get().gang());
        PodRank r = rank.get();
        if (r.gang() != key) {
            r = new PodRank(key, r.role(), r.group(), r.indexInGroup(), r.roleOrder());
        }
        members.computeIfAbsent(key, k -> new HashMap<>()).put(pod.key(), new RankNumbering.Member(r, pod));
        gangOfPod.put(pod.key(), key);
        dirty.add(key);
        List<GangKey> claims = SchedulingGroupClaims.named(pod, key);
        dirty.addAll(groupClaims.put(pod.key(), claims.isEmpty() ? List.of()
                : claims.stream().map(this::canonical).toList()));
    }

    private GangKey canonical(GangKey k) {
        GangKey shared = canonicalKeys.putIfAbsent(k, k);
        return shared == null ? k : shared;
    }

    /** Drops the shared key of a gang nothing refers to any more. */
    private void forgetIfUnused(GangKey k) {
        if (!members.containsKey(k) && !groupClaims.isClaimed(k)) {
            canonicalKeys.remove(k);
        }
    }

    public void remove(PodFacts pod) {
        List<GangKey> unclaimed = groupClaims.remove(pod.key());
        dirty.addAll(unclaimed);
        unclaimed.forEach(this::forgetIfUnused);
        GangKey old = gangOfPod.remove(pod.key());
        if (old == null) {
            return;
        }
        Map<String, RankNumbering.Member> m = members.get(old);
        m.remove(pod.key());
        if (m.isEmpty()) {
            members.remove(old);
            forgetIfUnused(old);
        }
        dirty.add(old);
    }

    public void replaceAll(Collection<PodFacts> pods) {
        dirty.addAll(members.keySet());
        members.clear();
        gangOfPod.clear();
        canonicalKeys.clear();
        dirty.addAll(groupClaims.clear());
        pods.forEach(this::put);
    }

    /** Nodes whose verdict may have changed: the gangs with ranks there need a new look. */
    public void nodesChanged(Collection<String> nodeNames, Function<String, List<PodFacts>> podsOn) {
        if (!nodeNames.isEmpty()) {
            // a gate lifted or a node turned untrusted changes what holds a Pending rank, which is on no node
            dirty.addAll(waitingForNodes);
        }
        for (String node : nodeNames) {
            for (PodFacts p : podsOn.apply(node)) {
                GangKey k = gangOfPod.get(p.key());
                if (k != null) {
                    dirty.add(k);
                }
            }
        }
    }

    /** Rebuilds the gangs touched since the last call; returns them (and, as null-ranked removals, the gone). */
    public Changes rebuild(Function<String, GpuNode> nodes, Instant now) {
        return rebuild(nodes, WhyWaiting.NONE, now);
    }

    /** As above; Pending ranks say why they wait across the layers ({@link WhyWaiting}). */
    public Changes rebuild(Function<String, GpuNode> nodes, WhyWaiting whyWaiting, Instant now) {
        List<Gang> changed = new ArrayList<>();
        Set<GangKey> removed = new HashSet<>();
        for (GangKey k : dirty) {
            Map<String, RankNumbering.Member> m = members.get(k);
            WorkloadFacts w = gangObjects.get(k);
            QueuedGang q = queued.get(k);
            if (m == null && q != null) {
                // queued in Kueue, no pods: one gang for the job, with Kueue's reason (once pods exist, they form it)
                Gang g = GangAssembler.queued(q, w);
                waitingForNodes.remove(k);
                built.put(k, g);
                changed.add(g);
                continue;
            }
            // a gang object with no pods of its own is no gang when it is only the scheduling
            // group of another gang's pods (see SchedulingGroupClaims)
            if (m == null && (w == null || w.expected() == 0 || groupClaims.claimed(k))) {
                waitingForNodes.remove(k);
                if (built.remove(k) != null) {
                    removed.add(k);
                }
                continue;
            }
            Gang g = GangAssembler.withGpuActivity(GangAssembler.assemble(k, m == null ? List.of() : List.copyOf(m.values()), w,
                    nodes, whyWaiting, now), gpuActivity.get(k));
            if (g.ranks().stream().anyMatch(r -> r.state() == RankState.PENDING && r.node() == null)) {
                waitingForNodes.add(k);
            } else {
                waitingForNodes.remove(k);
            }
            built.put(k, g);
            changed.add(g);
        }
        dirty.clear();
        return new Changes(changed, removed);
    }

    /** Marks every gang for a rebuild (the clock moved: "starting" may have become "degraded"). */
    public void touchAll() {
        dirty.addAll(members.keySet());
        dirty.addAll(gangObjects.keySet());
        dirty.addAll(queued.keySet());
    }

    public record Changes(List<Gang> changed, Set<GangKey> removed) {
        public boolean isEmpty() {
            return changed.isEmpty() && removed.isEmpty();
        }
    }

    /** All gangs, worst verdict first, then by namespace and name. */
    public List<Gang> gangs() {
        List<Gang> all = new ArrayList<>(built.values());
        all.sort(Comparator.comparing(Gang::verdict).thenComparing(g -> g.key().namespace())
                .thenComparing(g -> g.key().name()));
        return all;
    }

    public Gang gang(GangKey key) {
        return built.get(key);
    }
}
