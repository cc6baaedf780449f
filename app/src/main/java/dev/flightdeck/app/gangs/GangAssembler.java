package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PodFacts;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds a {@link Gang} from its pods and the nodes they are on. A pure function of
 * its inputs and the clock: the same pods and nodes always give the same verdict.
 */
public final class GangAssembler {

    /** A gang younger than this with ranks still coming up is starting, not degraded. */
    static final Duration START_GRACE = Duration.ofMinutes(15);
    private static final int MAX_REASONS = 8;

    private GangAssembler() {
    }

    public static Gang assemble(GangKey key, List<RankNumbering.Member> members, Function<String, GpuNode> nodes,
                                Instant now) {
        return assemble(key, members, null, nodes, now);
    }

    /** As above, with what the gang object (Job, JobSet, MPIJob…) says, when one is watched; null otherwise. */
    public static Gang assemble(GangKey key, List<RankNumbering.Member> members, WorkloadFacts workload,
                                Function<String, GpuNode> nodes, Instant now) {
        return assemble(key, members, workload, nodes, WhyWaiting.NONE, now);
    }

    /** As above; a Pending rank with no node says why it waits across the layers ({@link WhyWaiting}). */
    public static Gang assemble(GangKey key, List<RankNumbering.Member> members, WorkloadFacts workload,
                                Function<String, GpuNode> nodes, WhyWaiting whyWaiting, Instant now) {
        Map<Integer, RankNumbering.Numbered> byRank = new HashMap<>();
        for (RankNumbering.Numbered n : RankNumbering.number(members)) {
            byRank.merge(n.flat(), n, GangAssembler::preferLive);
        }
        int expected = Math.max(workload == null ? 0 : workload.expected(),
                byRank.keySet().stream().mapToInt(i -> i + 1).max().orElse(0));
        Instant created = workload != null && workload.created() != null ? workload.created()
                : members.stream().map(m -> m.pod().created()).filter(java.util.Objects::nonNull)
                .min(Comparator.naturalOrder()).orElse(now);
        List<RankSlot> slots = new ArrayList<>(expected);
        Set<String> usedNodes = new HashSet<>();
        Map<String, String> annotations = new HashMap<>();
        int ready = 0;
        int gpusPerRank = 0;
        int gpusTotal = 0;
        for (int r = 0; r < expected; r++) {
            RankNumbering.Numbered n = byRank.get(r);
            if (n == null) {
                slots.add(new RankSlot(r, "", null, null, RankState.MISSING, 0, 0, "no pod for this rank", null, null));
                continue;
            }
            PodFacts p = n.member().pod();
            RankState state = stateOf(p);
            ready += state == RankState.RUNNING ? 1 : 0;
            gpusPerRank = Math.max(gpusPerRank, p.gpuRequest());
            gpusTotal += p.gpuRequest();
            p.annotations().forEach((k, v) -> {
                if (k.startsWith("flightdeck.dev/")) {
                    annotations.putIfAbsent(k, v);
                }
            });
            GpuNode node = p.nodeName() == null ? null : nodes.apply(p.nodeName());
            if (p.nodeName() != null) {
                usedNodes.add(p.nodeName());
            }
            NodeVerdict nv = node == null ? null : node.verdict();
            String why = node == null || nv == NodeVerdict.TRUSTED ? null : node.trust().reasonText();
            String reason = state == RankState.RUNNING ? null
                    : state == RankState.PENDING && p.nodeName() == null ? whyWaiting.pendingRank(key, p.gpuRequest(), p.reason())
                    : p.reason();
            slots.add(new RankSlot(r, n.member().rank().role(), p.name(), p.nodeName(), state, p.restarts(),
                    p.gpuRequest(), reason, nv, why));
        }
        if (workload != null) {
            annotations.putAll(workload.annotations()); // the gang object's word wins over its pods'
        }
        GangVerdict verdict = workload != null && workload.finished() ? GangVerdict.FINISHED
                : workload != null && workload.failed() ? GangVerdict.FAILED
                : verdict(slots, Duration.between(created, now));
        List<String> reasons = reasons(slots, verdict);
        boolean atRisk = slots.stream().anyMatch(RankSlot::onUntrustedNode);
        // a missing rank will want what its siblings have
        int missing = (int) slots.stream().filter(s -> s.state() == RankState.MISSING).count();
        return new Gang(key, expected, (int) slots.stream().filter(s -> s.pod() != null).count(), ready, gpusPerRank,
                gpusTotal + gpusPerRank * missing, usedNodes.size(), created, verdict, reasons, atRisk, slots,
                annotations);
    }

    /**
     * A job Kueue holds in a queue: no pods yet, every rank to come. Its {@code created} is when it started
     * waiting, so its age is its time in the queue; its one reason is Kueue's.
     *
     * @param workload what its gang object says (ranks, annotations), or null when it is not watched
     */
    public static Gang queued(QueuedGang q, WorkloadFacts workload) {
        int expected = Math.max(q.ranks(), workload == null ? 0 : workload.expected());
        List<RankSlot> slots = new ArrayList<>(expected);
        for (int r = 0; r < expected; r++) {
            slots.add(new RankSlot(r, "", null, null, RankState.MISSING, 0, 0, "queued in Kueue", null, null));
        }
        int perRank = q.ranks() == 0 ? 0 : q.gpus() / q.ranks();
        return new Gang(q.key(), expected, 0, 0, perRank, q.gpus(), 0, q.since(), GangVerdict.QUEUED,
                List.of(q.reason()), false, slots, workload == null ? Map.of() : workload.annotations());
    }

    /**
     * The gang as GPU telemetry sees it: a running gang whose GPUs are idle (or one rank's far behind) takes the
     * finding's verdict, its words first among the reasons; any other gang is left as its pods say.
     */
    public static Gang withGpuActivity(Gang g, GpuActivityFinding finding) {
        if (finding == null || g.verdict() != GangVerdict.RUNNING) {
            return g;
        }
        List<String> reasons = new ArrayList<>();
        reasons.add(finding.words());
        reasons.addAll(g.reasons());
        return new Gang(g.key(), g.expected(), g.present(), g.ready(), g.gpusPerRank(), g.gpusTotal(), g.nodesUsed(),
                g.created(), finding.verdict(), reasons, g.atRisk(), g.ranks(), g.annotations());
    }

    /** Of two pods claiming one rank (a replacement while the old one terminates), keep the live, newer one. */
    private static RankNumbering.Numbered preferLive(RankNumbering.Numbered a, RankNumbering.Numbered b) {
        PodFacts pa = a.member().pod();
        PodFacts pb = b.member().pod();
        if (pa.deleting() != pb.deleting()) {
            return pa.deleting() ? b : a;
        }
        Instant ca = pa.created() == null ? Instant.EPOCH : pa.created();
        Instant cb = pb.created() == null ? Instant.EPOCH : pb.created();
        return cb.isAfter(ca) ? b : a;
    }

    static RankState stateOf(PodFacts p) {
        if (p.deleting()) {
            return RankState.TERMINATING;
        }
        String reason = p.reason() == null ? "" : p.reason();
        return switch (p.phase() == null ? "" : p.phase()) {
            case "Succeeded" -> RankState.SUCCEEDED;
            case "Failed" -> reason.startsWith("Evicted") ? RankState.EVICTED : RankState.FAILED;
            case "Running" -> reason.startsWith("CrashLoopBackOff") || reason.startsWith("Error")
                    || reason.startsWith("OOMKilled") ? RankState.CRASHING
                    : p.ready() ? RankState.RUNNING : RankState.NOT_READY;
            default -> RankState.PENDING;
        };
    }

    private static GangVerdict verdict(List<RankSlot> slots, Duration age) {
        if (slots.isEmpty()) {
            return GangVerdict.STARTING;
        }
        boolean allDone = slots.stream().allMatch(s -> s.state() == RankState.SUCCEEDED || s.state() == RankState.FAILED);
        if (allDone) {
            return slots.stream().anyMatch(s -> s.state() == RankState.FAILED) ? GangVerdict.FAILED : GangVerdict.FINISHED;
        }
        boolean young = age.compareTo(START_GRACE) < 0;
        boolean broken = slots.stream().anyMatch(s -> s.state().haltsGang() && s.state() != RankState.MISSING);
        if (young && !broken) {
            // ranks of a new gang may simply not exist yet
            return slots.stream().allMatch(s -> s.state() == RankState.RUNNING) ? GangVerdict.RUNNING : GangVerdict.STARTING;
        }
        if (slots.stream().anyMatch(s -> s.state().haltsGang())) {
            return GangVerdict.HALTED;
        }
        if (slots.stream().allMatch(s -> s.state() == RankState.RUNNING)) {
            return GangVerdict.RUNNING;
        }
        return GangVerdict.DEGRADED;
    }

    /**
     * The ranks that explain the verdict, then the ranks on untrusted nodes. Ranks that
     * share a state and a reason share one line ("ranks 30, 31 Pending: …"), so a
     * 1,024-rank gang stuck on one cause reads as one sentence; at most a handful of
     * lines, then a count.
     */
    private static List<String> reasons(List<RankSlot> slots, GangVerdict verdict) {
        Map<String, List<RankSlot>> groups = new java.util.LinkedHashMap<>();
        if (verdict != GangVerdict.RUNNING && verdict != GangVerdict.FINISHED) {
            for (RankSlot s : slots) {
                boolean explains = verdict == GangVerdict.HALTED ? s.state().haltsGang()
                        : s.state() != RankState.RUNNING && s.state() != RankState.SUCCEEDED;
                if (explains) {
                    String where = s.node() == null || s.state() == RankState.PENDING ? "" : " on " + s.node();
                    groups.computeIfAbsent(stateWords(s) + where + why(s), k -> new ArrayList<>()).add(s);
                }
            }
        }
        for (RankSlot s : slots) {
            if (s.onUntrustedNode() && s.state() != RankState.SUCCEEDED) {
                String nodeWhy = s.nodeWhy().startsWith("maintenance: ") ? s.nodeWhy().substring(13) : s.nodeWhy();
                groups.computeIfAbsent("\u0000 on " + s.node() + " which is " + s.nodeVerdict().label() + ": " + nodeWhy,
                        k -> new ArrayList<>()).add(s);
            }
        }
        List<String> out = new ArrayList<>();
        int more = 0;
        for (Map.Entry<String, List<RankSlot>> g : groups.entrySet()) {
            if (out.size() == MAX_REASONS) {
                more += g.getValue().size();
                continue;
            }
            String text = g.getKey();
            boolean nodeLine = text.startsWith("\u0000");
            out.add(rankList(g.getValue()) + (nodeLine ? text.substring(1) : " " + text));
        }
        if (more > 0) {
            out.add("and " + more + " more");
        }
        return out;
    }

    private static String rankList(List<RankSlot> ranks) {
        if (ranks.size() == 1) {
            return "rank " + ranks.getFirst().rank();
        }
        StringBuilder sb = new StringBuilder("ranks ");
        for (int i = 0; i < Math.min(5, ranks.size()); i++) {
            sb.append(i == 0 ? "" : ", ").append(ranks.get(i).rank());
        }
        if (ranks.size() > 5) {
            sb.append(" and ").append(ranks.size() - 5).append(" more");
        }
        return sb.toString();
    }

    private static String why(RankSlot s) {
        return s.reason() == null || s.state() == RankState.MISSING ? "" : ": " + s.reason();
    }

    private static String stateWords(RankSlot s) {
        return switch (s.state()) {
            case PENDING -> "Pending";
            case FAILED -> "Failed";
            case EVICTED -> "Evicted";
            default -> s.state().label();
        };
    }
}
