package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.Taint;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a rank (or a job) waits, across the layers that can hold it, in the order they hold it, in one sentence:
 * Kueue (quota, admission checks), then the taints on the nodes that have room for it (the preflight gate, a
 * cordon, a taint the scheduler names), then those nodes' trust (untrusted, not ready), then what the
 * kube-scheduler said (its {@code FailedScheduling} message, kept on the pod as {@code PodScheduled=False}), e.g.
 * <pre>
 * admitted by Kueue; held by taints: 6 of 8 fitting nodes (8 GPUs free) carry the preflight gate; node trust: 2 of 8
 * are untrusted; scheduler: 0/64 nodes are available: …
 * </pre>
 * A layer with nothing to say is left out; where only the scheduler speaks, its message is given as it said it,
 * so a cluster without Kueue, gates or untrusted nodes reads as before.
 * <p>
 * Made once per rebuild of the gangs from the nodes of that moment (the model thread's); what it works out for
 * one GPU size and one scheduler message is kept, since the ranks of a gang stuck on one cause share both.
 * Lives beside the gangs, not the queues: the queues read the gangs' keys, so the Kueue layer comes in as words.
 */
public final class WhyWaiting {

    /** The Kueue layer of a rank whose job Kueue has admitted: quota is not what holds it. */
    public static final String ADMITTED = "admitted by Kueue";

    /** No nodes known, no job admitted by Kueue: the scheduler's words alone. */
    public static final WhyWaiting NONE = new WhyWaiting(List.of(), Set.of());

    /** kube-scheduler's TaintToleration plugin: "node(s) had untolerated taint {key: value}" (older: "had taint {key: value}, that the pod didn't tolerate"). */
    private static final Pattern NAMED_TAINT = Pattern.compile("taint \\{([^:}]+):");
    private static final Set<String> NODE_LIFECYCLE_TAINTS = Set.of("node.kubernetes.io/not-ready",
            "node.kubernetes.io/unreachable", "node.kubernetes.io/unschedulable");

    private final Collection<GpuNode> nodes;
    private final Set<GangKey> admittedByKueue;
    private final Map<String, String> nodeLayers = new HashMap<>();

    /**
     * @param nodes           the GPU nodes now (read during the calls that follow, not copied)
     * @param admittedByKueue the jobs whose Kueue Workload is admitted, by their gang's key
     */
    public WhyWaiting(Collection<GpuNode> nodes, Set<GangKey> admittedByKueue) {
        this.nodes = nodes;
        this.admittedByKueue = admittedByKueue;
    }

    /**
     * Why a Pending rank with no node waits.
     *
     * @param gpus      GPUs the rank asks for
     * @param scheduler the scheduler's message on the pod, null when it has said nothing yet
     * @return the sentence, or null when no layer has anything to say
     */
    public String pendingRank(GangKey gang, int gpus, String scheduler) {
        return sentence(admittedByKueue.contains(gang) ? ADMITTED : null, gpus, scheduler);
    }

    /**
     * The layers joined: {@code kueue} first (null when Kueue does not hold or manage the job), then the nodes
     * with room for {@code gpus}, then the scheduler.
     */
    public String sentence(String kueue, int gpus, String scheduler) {
        List<String> parts = new ArrayList<>();
        if (kueue != null) {
            parts.add(kueue);
        }
        String onNodes = gpus <= 0 || nodes.isEmpty() ? ""
                : nodeLayers.computeIfAbsent(gpus + "\u0000" + (scheduler == null ? "" : scheduler),
                k -> nodeLayers(gpus, scheduler));
        if (!onNodes.isEmpty()) {
            parts.add(onNodes);
        }
        if (parts.isEmpty()) {
            return scheduler; // the scheduler alone: its words as they were
        }
        if (scheduler != null && !scheduler.isBlank()) {
            parts.add("scheduler: " + scheduler);
        }
        return String.join("; ", parts);
    }

    /** "held by taints: …; node trust: …" for the nodes with {@code gpus} free, or "" when nothing on them holds a rank. */
    private String nodeLayers(int gpus, String scheduler) {
        Set<String> named = namedTaints(scheduler);
        Map<String, Integer> taints = new LinkedHashMap<>();
        Map<String, Integer> trust = new LinkedHashMap<>();
        int fitting = 0;
        for (GpuNode n : nodes) {
            if (n.facts().gpuAllocatable() - n.gpusInUse() < gpus) {
                continue;
            }
            fitting++;
            String taint = heldByTaint(n, named);
            if (taint != null) {
                taints.merge(taint, 1, Integer::sum);
            } else if (n.verdict() == NodeVerdict.NOT_READY) {
                trust.merge("not ready", 1, Integer::sum);
            } else if (n.verdict() == NodeVerdict.UNTRUSTED) {
                trust.merge("untrusted", 1, Integer::sum);
            }
        }
        if (fitting == 0) {
            return ""; // no room anywhere: the scheduler says so ("Insufficient nvidia.com/gpu"), in its words
        }
        String fits = fitting + " fitting node" + (fitting == 1 ? "" : "s") + " (" + gpusWords(gpus) + " free)";
        List<String> out = new ArrayList<>();
        if (!taints.isEmpty()) {
            out.add("held by taints: " + counted(taints, fits));
        }
        if (!trust.isEmpty()) {
            out.add("node trust: " + counted(trust, out.isEmpty() ? fits : Integer.toString(fitting)));
        }
        return String.join("; ", out);
    }

    /**
     * What keeps a rank off a node with room, at the taint layer: the preflight gate, a cordon, or a taint the
     * scheduler named. Other taints count only when the scheduler named them: the console does not keep a pod's
     * tolerations, and every GPU pod tolerates the GPU Operator's own {@code nvidia.com/gpu} taint. Where the
     * scheduler has said which taints it could not tolerate, the gate counts only when it is among them.
     */
    private static String heldByTaint(GpuNode n, Set<String> named) {
        if (n.gated() && (named == null || n.facts().taints().stream().anyMatch(t -> named.contains(t.key())))) {
            return "preflight gate";
        }
        if (n.facts().unschedulable()) {
            return "cordon";
        }
        if (named != null) {
            for (Taint t : n.facts().taints()) {
                if (named.contains(t.key()) && !NODE_LIFECYCLE_TAINTS.contains(t.key())
                        && ("NoSchedule".equals(t.effect()) || "NoExecute".equals(t.effect()))) {
                    return "taint " + t;
                }
            }
        }
        return null;
    }

    /** The taint keys the scheduler says it could not tolerate; null when it said nothing on taints. */
    static Set<String> namedTaints(String scheduler) {
        if (scheduler == null) {
            return null;
        }
        Set<String> keys = new HashSet<>();
        Matcher m = NAMED_TAINT.matcher(scheduler);
        while (m.find()) {
            keys.add(m.group(1).strip());
        }
        return keys.isEmpty() ? null : keys;
    }

    /** "6 of 8 fitting nodes (8 GPUs free) carry the preflight gate, 1 is cordoned". */
    private static String counted(Map<String, Integer> counts, String ofWhat) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            boolean one = e.getValue() == 1;
            String what = switch (e.getKey()) {
                case "preflight gate" -> (one ? "carries" : "carry") + " the preflight gate";
                case "cordon" -> (one ? "is" : "are") + " cordoned";
                case "not ready", "untrusted" -> (one ? "is " : "are ") + e.getKey();
                default -> (one ? "carries " : "carry ") + e.getKey();
            };
            out.add((out.isEmpty() ? e.getValue() + " of " + ofWhat : e.getValue()) + " " + what);
        }
        return String.join(", ", out);
    }

    private static String gpusWords(int gpus) {
        return gpus + " GPU" + (gpus == 1 ? "" : "s");
    }
}
