package dev.flightdeck.views.queues;

import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.queues.ClusterQueueView;
import dev.flightdeck.app.queues.KueueObject;
import dev.flightdeck.app.queues.Quantities;
import dev.flightdeck.app.queues.QueuedWorkload;
import dev.flightdeck.app.queues.QueuesSnapshot;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the Queues screen shows at one moment, worked out off the FX thread from the model's queue snapshot and handed
 * over whole: a headline (or the one line saying why there is nothing), a row per ClusterQueue, and the pending
 * Workloads in queue order. Immutable; equal tables show the same thing, so an unchanged one is not handed over.
 *
 * @param notServed  the one line shown instead of queues when the cluster does not serve Kueue, else null
 * @param headline   "1 ClusterQueue · 1 workload queued asking 16 GPUs · 2 workloads in all"
 * @param notListed  pending Workloads beyond {@link #LISTED} (counted, not listed)
 * @param volcano    Volcano's Queues, where the cluster serves them (beside Kueue or instead of it)
 * @param kueue      whether the cluster serves Kueue (else only Volcano's queues, or nothing)
 */
public record QueuesTable(String notServed, String headline, List<QueueRow> queues, List<PendingRow> pending,
                          int notListed, List<VolcanoRow> volcano, boolean kueue) {

    /** Pending rows listed: a screen of thousands of rows is read by nobody, and each costs a pulse. */
    static final int LISTED = 500;

    static final String NOT_SERVED = "This cluster does not serve Kueue (kueue.x-k8s.io): install Kueue "
            + "(https://kueue.sigs.k8s.io/docs/installation/) to queue jobs for quota and see why they wait here.";
    /** Above Volcano's queues on a cluster that serves them but not Kueue. */
    static final String VOLCANO_ONLY = "Volcano queues only: this cluster does not serve Kueue, so no Workload waits here.";
    static final String NO_CLUSTER = "No cluster on screen.";

    public QueuesTable {
        queues = List.copyOf(queues);
        pending = List.copyOf(pending);
        volcano = List.copyOf(volcano);
    }

    /** The line alone, no queues: no cluster, or one with neither Kueue nor Volcano's queues. */
    static QueuesTable only(String line) {
        return new QueuesTable(line, "", List.of(), List.of(), 0, List.of(), false);
    }

    /**
     * One Volcano Queue: its state and counts, then per resource (GPUs first) what is allocated against its
     * capability (else what it deserves), with every bound in words.
     */
    public record VolcanoRow(String name, String state, String counts, List<VolcanoResource> resources) {
        public VolcanoRow {
            resources = List.copyOf(resources);
        }

        /** A state other than Open takes no new work: flagged in words. */
        public boolean closed() {
            return state != null && !state.isEmpty() && !"Open".equals(state);
        }
    }

    /** @param fill allocated over the capability (else over what the queue deserves), 0 to 1; 0 when neither is set */
    public record VolcanoResource(String resource, String words, double fill) {
    }

    /** One ClusterQueue: its counts and, GPUs first, its quota per flavor and resource against what is reserved. */
    public record QueueRow(String name, String cohort, String stopPolicy, String inactive, int pending, int reserving,
                           int admitted, List<ResourceRow> resources) {
        public QueueRow {
            resources = List.copyOf(resources);
        }

        /** "cohort ai · stopPolicy Hold · pending 1 · reserving 1 · admitted 1" */
        public String counts() {
            StringBuilder b = new StringBuilder();
            if (cohort != null && !cohort.isEmpty()) {
                b.append("cohort ").append(cohort).append(" · ");
            }
            if (stopPolicy != null && !stopPolicy.isEmpty() && !"None".equals(stopPolicy)) {
                b.append("stopped (stopPolicy ").append(stopPolicy).append(") · ");
            }
            b.append("pending ").append(pending).append(" · reserving ").append(reserving).append(" · admitted ")
                    .append(admitted);
            if (inactive != null) {
                b.append(" · inactive: ").append(inactive);
            }
            return b.toString();
        }
    }

    /**
     * One flavor's quota of one resource, in Kueue's spelling, with the share reserved for the bar.
     *
     * @param fill reserved over quota, 0 to 1 (a queue borrowing past its quota shows full, its words say by how much)
     */
    public record ResourceRow(String resource, String flavor, String quota, String reserved, String used,
                              String borrowed, String borrowingLimit, String lendingLimit, double fill) {

        /** "16 of 16 reserved · 16 in use · borrowed 0 · lending limit 8": the bar's figures, never its colour alone. */
        public String words() {
            return reserved + " of " + quota + " reserved · " + used + " in use · borrowed " + borrowed
                    + (borrowingLimit == null ? "" : " · borrowing limit " + borrowingLimit)
                    + (lendingLimit == null ? "" : " · lending limit " + lendingLimit);
        }
    }

    /**
     * A pending Workload in its queue.
     *
     * @param job  "namespace/job" (the Workload's own name for one made by hand)
     * @param gang the gang its job forms, when the Gangs screen has it; else null
     */
    public record PendingRow(int position, String clusterQueue, String job, String kind, int priority, int gpus,
                             String waiting, String reason, GangKey gang) {
    }

    /** The table for a snapshot, on a cluster that serves Kueue or not. Any thread. */
    public static QueuesTable of(QueuesSnapshot q, boolean kueueServed, Instant now) {
        List<VolcanoRow> volcano = q.volcanoQueues().stream().map(QueuesTable::volcano).toList();
        if (!kueueServed) {
            return volcano.isEmpty() ? only(NOT_SERVED)
                    : new QueuesTable(null, plural(volcano.size(), "Volcano queue"), List.of(), List.of(), 0, volcano, false);
        }
        List<QueueRow> rows = new ArrayList<>();
        for (ClusterQueueView cq : q.clusterQueues()) {
            List<ResourceRow> resources = new ArrayList<>();
            for (ClusterQueueView.Row r : cq.rows()) {
                resources.add(new ResourceRow(r.resource(), r.flavor(), r.nominal(), r.reserved(), r.used(),
                        r.borrowed(), r.borrowingLimit(), r.lendingLimit(), fill(r.reserved(), r.nominal())));
            }
            rows.add(new QueueRow(cq.name(), cq.cohort(), cq.stopPolicy(), cq.inactive(), cq.pending(), cq.reserving(),
                    cq.admitted(), resources));
        }
        List<PendingRow> pending = new ArrayList<>();
        for (QueuedWorkload w : q.queued().subList(0, Math.min(LISTED, q.queued().size()))) {
            KueueObject.Workload wl = w.workload();
            GangKey gang = w.gang();
            pending.add(new PendingRow(w.position(), w.clusterQueue() == null ? "(unknown)" : w.clusterQueue(),
                    wl.jobName(), wl.owner() == null ? "Workload" : wl.owner().kind(), wl.priority(), wl.gpus(),
                    Ages.since(w.since(), now), w.reason(), q.gangs().containsKey(gang) ? gang : null));
        }
        return new QueuesTable(null, headline(q), rows, pending, Math.max(0, q.queued().size() - LISTED), volcano,
                true);
    }

    private static VolcanoRow volcano(dev.flightdeck.app.queues.VolcanoQueue v) {
        List<VolcanoResource> resources = new ArrayList<>();
        for (dev.flightdeck.app.queues.VolcanoQueue.Row r : v.rows()) {
            StringBuilder words = new StringBuilder(r.allocated() + " allocated");
            if (r.capability() != null) {
                words.append(" of capability ").append(r.capability());
            }
            if (r.deserved() != null) {
                words.append(" · deserved ").append(r.deserved());
            }
            if (r.guarantee() != null) {
                words.append(" · guarantee ").append(r.guarantee());
            }
            String bound = r.capability() != null ? r.capability() : r.deserved();
            resources.add(new VolcanoResource(r.resource(), words.toString(), bound == null ? 0 : fill(r.allocated(), bound)));
        }
        String counts = "state " + (v.state() == null || v.state().isEmpty() ? "unknown" : v.state())
                + (v.parent() == null || v.parent().isEmpty() ? "" : " · parent " + v.parent())
                + " · pending " + v.pending() + " · inqueue " + v.inqueue() + " · running " + v.running();
        return new VolcanoRow(v.name(), v.state(), counts, resources);
    }

    /** The same figures as {@code check}'s summary line, in the screen's separators. */
    static String headline(QueuesSnapshot q) {
        int gpus = q.queued().stream().mapToInt(w -> w.workload().gpus()).sum();
        return plural(q.clusterQueues().size(), "ClusterQueue") + " · " + plural(q.queued().size(), "workload")
                + " queued" + (gpus > 0 ? " asking " + Quantities.words(Integer.toString(gpus), Quantities.GPU) : "")
                + " · " + plural(q.workloads(), "workload") + " in all";
    }

    private static double fill(String reserved, String quota) {
        BigDecimal of = Quantities.parseOrZero(quota);
        BigDecimal r = Quantities.parseOrZero(reserved);
        if (of.signum() <= 0) {
            return r.signum() > 0 ? 1 : 0;
        }
        return Math.min(1, r.divide(of, MathContext.DECIMAL64).doubleValue());
    }

    private static String plural(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
