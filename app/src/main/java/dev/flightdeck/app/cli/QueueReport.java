package dev.flightdeck.app.cli;

import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.app.queues.ClusterQueueView;
import dev.flightdeck.app.queues.KueueObject;
import dev.flightdeck.app.queues.Quantities;
import dev.flightdeck.app.queues.QueuedWorkload;
import dev.flightdeck.app.queues.QueuesSnapshot;
import dev.flightdeck.app.queues.VolcanoQueue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The queues section of {@code check}, printed only where Kueue or Volcano's Queues are served. Kueue's: a summary line, then per
 * ClusterQueue its usage against its quota per flavor and resource (GPUs first) and its queued workloads
 * in queue order with Kueue's reason, GPUs asked and time waiting:
 * <pre>
 * queues: 1 ClusterQueue; 1 workload queued asking 32 GPUs; 2 workloads in all
 * ClusterQueue research  cohort ai  pending 1  reserving 1  admitted 1
 *   nvidia.com/gpu  flavor h100  quota 16  reserved 16  in use 16  borrowed 0
 *   queued 1  training/run-big  Job  priority 100  32 GPUs  waiting 12m  waiting for quota in ClusterQueue research: …
 * </pre>
 * Volcano's, where served: a count, then per Queue its state and counts and per resource its allocation against
 * its capability ({@code Volcano queue default  Open  running 1  pending 0  inqueue 0}).
 * Every line but the first starts with a capital or a space, so that the responders' patterns for node
 * and gang lines ({@code ^name  verdict  }, {@code ^ns/name  }) never take one for theirs.
 */
public final class QueueReport {

    /** Queued workloads listed per ClusterQueue; the rest are counted. */
    static final int LISTED_PER_QUEUE = 20;

    private QueueReport() {
    }

    /** Kueue's queues only (a cluster without Volcano's). */
    public static List<String> lines(QueuesSnapshot q, Instant now) {
        return lines(q, true, false, now);
    }

    /** Kueue's part where {@code kueue} is served, Volcano's Queues where {@code volcano} is. */
    public static List<String> lines(QueuesSnapshot q, boolean kueue, boolean volcano, Instant now) {
        List<String> out = new ArrayList<>();
        if (kueue) {
            kueue(q, now, out);
        }
        if (volcano) {
            volcano(q, out);
        }
        return out;
    }

    private static void kueue(QueuesSnapshot q, Instant now, List<String> out) {
        int gpus = q.queued().stream().mapToInt(w -> w.workload().gpus()).sum();
        out.add("queues: " + plural(q.clusterQueues().size(), "ClusterQueue") + "; "
                + plural(q.queued().size(), "workload") + " queued" + (gpus > 0 ? " asking " + Quantities.words(
                Integer.toString(gpus), Quantities.GPU) : "") + "; " + plural(q.workloads(), "workload") + " in all");
        for (ClusterQueueView cq : q.clusterQueues()) {
            StringBuilder head = new StringBuilder("ClusterQueue ").append(cq.name());
            if (cq.cohort() != null && !cq.cohort().isEmpty()) {
                head.append("  cohort ").append(cq.cohort());
            }
            head.append("  pending ").append(cq.pending()).append("  reserving ").append(cq.reserving())
                    .append("  admitted ").append(cq.admitted());
            if (cq.stopPolicy() != null && !cq.stopPolicy().isEmpty() && !"None".equals(cq.stopPolicy())) {
                head.append("  stopped (stopPolicy ").append(cq.stopPolicy()).append(')');
            }
            if (cq.inactive() != null) {
                head.append("  inactive: ").append(cq.inactive());
            }
            out.add(head.toString());
            for (ClusterQueueView.Row r : cq.rows()) {
                out.add("  " + r.resource() + "  flavor " + r.flavor() + "  quota " + r.nominal() + "  reserved "
                        + r.reserved() + "  in use " + r.used() + "  borrowed " + r.borrowed()
                        + (r.borrowingLimit() == null ? "" : "  borrowing limit " + r.borrowingLimit())
                        + (r.lendingLimit() == null ? "" : "  lending limit " + r.lendingLimit()));
            }
            queued(q.queuedIn(cq.name()), now, out);
        }
        List<QueuedWorkload> elsewhere = q.queued().stream()
                .filter(w -> w.clusterQueue() == null || q.clusterQueues().stream()
                        .noneMatch(c -> c.name().equals(w.clusterQueue()))).toList();
        if (!elsewhere.isEmpty()) {
            out.add("Queued where no ClusterQueue is known:");
            queued(elsewhere, now, out);
        }
    }

    /**
     * Volcano's Queues: "Volcano queues: 2" then per queue its state and counts, and per resource (GPUs first)
     * what is allocated against its capability, deserved and guaranteed share where set.
     */
    private static void volcano(QueuesSnapshot q, List<String> out) {
        out.add("Volcano queues: " + q.volcanoQueues().size());
        for (VolcanoQueue v : q.volcanoQueues()) {
            out.add("Volcano queue " + v.name() + "  " + (v.state() == null ? "state unknown" : v.state())
                    + (v.parent() == null ? "" : "  parent " + v.parent()) + "  running " + v.running() + "  pending "
                    + v.pending() + "  inqueue " + v.inqueue());
            for (VolcanoQueue.Row r : v.rows()) {
                out.add("  " + r.resource() + "  allocated " + r.allocated()
                        + (r.capability() == null ? "" : "  capability " + r.capability())
                        + (r.deserved() == null ? "" : "  deserved " + r.deserved())
                        + (r.guarantee() == null ? "" : "  guarantee " + r.guarantee()));
            }
        }
    }

    private static void queued(List<QueuedWorkload> in, Instant now, List<String> out) {
        for (int i = 0; i < Math.min(LISTED_PER_QUEUE, in.size()); i++) {
            QueuedWorkload w = in.get(i);
            KueueObject.Workload wl = w.workload();
            out.add("  queued " + w.position() + "  " + wl.jobName() + "  " + (wl.owner() == null ? "Workload"
                    : wl.owner().kind()) + "  priority " + wl.priority() + "  " + Quantities.words(
                    Integer.toString(wl.gpus()), Quantities.GPU) + "  waiting " + Ages.since(w.since(), now) + "  "
                    + w.reason());
        }
        if (in.size() > LISTED_PER_QUEUE) {
            out.add("  and " + (in.size() - LISTED_PER_QUEUE) + " more queued");
        }
    }

    private static String plural(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
