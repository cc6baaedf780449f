package dev.flightdeck.app.queues;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a Workload waits, at Kueue's layer only, in one sentence, e.g. "waiting for quota in ClusterQueue
 * research: 32 GPUs more needed in flavor h100 (16 of 16 in use by training/run-small)". Read from the
 * Workload's own conditions (Kueue's words, kept), its ClusterQueue's quota and usage, and the workloads
 * holding that quota. What Kueue cannot see (taints, node trust, the kube-scheduler's FailedScheduling)
 * is for the layers that join this one.
 */
public final class WaitingReason {

    /** Kueue's flavor assigner (v0.19 pkg/scheduler/flavorassigner): "insufficient unused quota for R in flavor F, N more needed". */
    private static final Pattern MORE_NEEDED = Pattern.compile(
            "insufficient unused quota for (\\S+) in flavor (\\S+), (\\S+) more needed");
    /** "insufficient quota for R in flavor F, previously considered podsets requests (A) + current podset request (B) > maximum capacity (C)". */
    private static final Pattern OVER_MAX = Pattern.compile(
            "insufficient quota for (\\S+) in flavor (\\S+), previously considered podsets requests \\((\\S+)\\)"
                    + " \\+ current podset request \\((\\S+)\\) > maximum capacity \\((\\S+)\\)");
    private static final int HOLDERS_SHOWN = 3;

    private WaitingReason() {
    }

    /**
     * @param w         a pending Workload
     * @param cqName    its ClusterQueue's name (from its LocalQueue), null when its LocalQueue is not known
     * @param cq        that ClusterQueue, null when it does not exist (or is not readable)
     * @param reserving the Workloads holding quota in that ClusterQueue
     */
    public static String of(KueueObject.Workload w, String cqName, KueueObject.ClusterQueue cq,
                            List<KueueObject.Workload> reserving) {
        return of(w, cqName, cq, reserving, new HashMap<>());
    }

    /**
     * As above, with {@code usageSaid} shared by the Workloads of one snapshot: who holds a flavor's resource in a
     * queue is worked out once, not once per Workload waiting for it (thousands waiting on thousands admitted).
     */
    static String of(KueueObject.Workload w, String cqName, KueueObject.ClusterQueue cq,
                     List<KueueObject.Workload> reserving, Map<String, String> usageSaid) {
        List<String> parts = new ArrayList<>();
        if (w.evicted() != null) {
            parts.add("evicted (" + w.evicted().reason() + ": " + w.evicted().message() + ")");
        } else if (w.preempted() != null) {
            parts.add("preempted (" + w.preempted().reason() + ": " + w.preempted().message() + ")");
        }
        parts.add(waiting(w, cqName, cq, reserving, usageSaid));
        return String.join("; ", parts);
    }

    private static String waiting(KueueObject.Workload w, String cqName, KueueObject.ClusterQueue cq,
                                  List<KueueObject.Workload> reserving, Map<String, String> usageSaid) {
        if (!w.active()) {
            return "deactivated (spec.active is false): Kueue will not admit it until it is reactivated";
        }
        if (w.reserving()) {
            return checksPending(w);
        }
        if (cq != null && cq.stopped()) {
            return "ClusterQueue " + cq.name() + " is stopped (stopPolicy " + cq.stopPolicy() + ")";
        }
        KueueObject.Condition qr = w.quotaReserved();
        String said = qr == null || qr.message() == null ? "" : qr.message();
        String where = cqName == null ? "its queue" : "ClusterQueue " + cqName;
        Matcher more = MORE_NEEDED.matcher(said);
        List<String> needs = new ArrayList<>();
        while (more.find()) {
            needs.add(more.group(1) + "\u0000" + more.group(2) + "\u0000" + more.group(3));
        }
        if (!needs.isEmpty()) {
            // GPUs first: they are what a GPU cluster waits for; then as Kueue sorted them
            needs.sort(Comparator.comparing(n -> !n.startsWith(Quantities.GPU + "\u0000")));
            List<String> words = new ArrayList<>();
            for (String n : needs) {
                String[] p = n.split("\u0000");
                String held = cq == null ? "" : usageSaid.computeIfAbsent(cq.name() + "\u0000" + p[1] + "\u0000" + p[0],
                        k -> usage(cq, p[1], p[0], reserving));
                words.add(Quantities.words(p[2], p[0]) + " more needed in flavor " + p[1] + held);
            }
            return "waiting for quota in " + where + ": " + String.join(", ", words);
        }
        Matcher over = OVER_MAX.matcher(said);
        if (over.find()) {
            return "asks more than " + where + " can ever lend it: " + Quantities.words(over.group(4), over.group(1))
                    + " in flavor " + over.group(2) + " with " + over.group(3) + " already counted, maximum capacity "
                    + over.group(5);
        }
        if (qr == null) {
            return cq == null && cqName != null ? "ClusterQueue " + cqName + " does not exist"
                    : "not yet considered by Kueue in " + where;
        }
        return "not admitted by " + where + ": " + (said.isEmpty() ? qr.reason() : said);
    }

    /** Quota reserved, not yet admitted: its admission checks are what it waits for. */
    private static String checksPending(KueueObject.Workload w) {
        List<String> open = new ArrayList<>();
        for (KueueObject.AdmissionCheck c : w.checks()) {
            if (!"Ready".equals(c.state())) {
                String msg = c.message() == null || c.message().isBlank() ? "" : ": " + c.message();
                open.add(c.name() + " (" + c.state() + msg + ")");
            }
        }
        String in = w.clusterQueue() == null ? "" : " in ClusterQueue " + w.clusterQueue();
        if (open.isEmpty()) {
            return "quota reserved" + in + "; waiting for Kueue to admit it";
        }
        return "quota reserved" + in + "; waiting for admission check" + (open.size() == 1 ? " " : "s ")
                + String.join(", ", open);
    }

    /** " (16 of 16 in use by training/run-small)": the flavor's reservation against its quota, and who holds it. */
    private static String usage(KueueObject.ClusterQueue cq, String flavor, String resource,
                                List<KueueObject.Workload> reserving) {
        if (cq == null) {
            return "";
        }
        String nominal = cq.quotas().stream().filter(q -> q.flavor().equals(flavor) && q.resource().equals(resource))
                .map(KueueObject.Quota::nominal).findFirst().orElse("0");
        String total = cq.reserved().stream().filter(u -> u.flavor().equals(flavor) && u.resource().equals(resource))
                .map(KueueObject.Usage::total).findFirst().orElse("0");
        List<Holder> holders = new ArrayList<>();
        for (KueueObject.Workload r : reserving) {
            for (KueueObject.Assigned a : r.assigned()) {
                if (a.flavor().equals(flavor) && a.resource().equals(resource)) {
                    BigDecimal v = Quantities.parseOrZero(a.amount());
                    if (v.signum() > 0) {
                        holders.add(new Holder(r.jobName(), v));
                    }
                }
            }
        }
        holders.sort(Comparator.comparing(Holder::amount).reversed().thenComparing(Holder::job));
        StringBuilder b = new StringBuilder(" (").append(total).append(" of ").append(nominal).append(" in use");
        for (int i = 0; i < Math.min(HOLDERS_SHOWN, holders.size()); i++) {
            b.append(i == 0 ? " by " : ", ").append(holders.get(i).job());
        }
        if (holders.size() > HOLDERS_SHOWN) {
            b.append(" and ").append(holders.size() - HOLDERS_SHOWN).append(" more");
        }
        return b.append(')').toString();
    }

    private record Holder(String job, BigDecimal amount) {
    }
}
