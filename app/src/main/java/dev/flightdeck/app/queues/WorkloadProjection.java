package dev.flightdeck.app.queues;

import dev.flightdeck.app.kube.ObjectMeta;
import dev.flightdeck.app.watch.Interner;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A Workload's wire record into its {@link KueueObject.Workload}: what it asks, where it was admitted, what Kueue said. */
final class WorkloadProjection {

    private WorkloadProjection() {
    }

    static KueueObject.Workload of(String ns, String name, ObjectMeta meta, KueueWire.Workload o, Interner interner) {
        KueueObject.Owner owner = meta.controller().map(r -> new KueueObject.Owner(interner.intern(r.apiVersion()),
                interner.intern(r.kind()), r.name(), r.uid())).orElse(null);
        KueueWire.WorkloadSpec spec = o.spec();
        int pods = 0;
        int gpus = 0;
        if (spec != null) {
            for (KueueWire.PodSet ps : KueueProjector.list(spec.podSets())) {
                int count = KueueProjector.count(ps.count());
                pods += count;
                gpus += count * gpusPerPod(ps.template() == null ? null : ps.template().spec());
            }
        }
        KueueWire.WorkloadStatus st = o.status();
        KueueObject.Condition quotaReserved = null;
        KueueObject.Condition evicted = null;
        KueueObject.Condition preempted = null;
        boolean admitted = false;
        boolean finished = false;
        List<KueueObject.Assigned> assigned = List.of();
        List<KueueObject.AdmissionCheck> checks = new ArrayList<>();
        String clusterQueue = null;
        if (st != null) {
            for (KueueWire.Condition c : KueueProjector.list(st.conditions())) {
                KueueObject.Condition cond = new KueueObject.Condition(interner.intern(c.status()),
                        interner.intern(c.reason()), c.message(), c.lastTransitionTime());
                switch (c.type() == null ? "" : c.type()) {
                    case "QuotaReserved" -> quotaReserved = cond;
                    case "Admitted" -> admitted = cond.isTrue();
                    case "Finished" -> finished = cond.isTrue();
                    case "Evicted" -> evicted = cond.isTrue() ? cond : null;
                    case "Preempted" -> preempted = cond.isTrue() ? cond : null;
                    default -> {
                    }
                }
            }
            if (st.admission() != null) {
                clusterQueue = interner.intern(st.admission().clusterQueue());
                assigned = assigned(st.admission(), interner);
            }
            for (KueueWire.AdmissionCheckState a : KueueProjector.list(st.admissionChecks())) {
                checks.add(new KueueObject.AdmissionCheck(interner.intern(a.name()), interner.intern(a.state()),
                        a.message()));
            }
        }
        return new KueueObject.Workload(ns, name, owner, spec == null ? null : interner.intern(spec.queueName()),
                spec == null || spec.priority() == null ? 0 : spec.priority(), meta.creationTimestamp(), pods, gpus,
                spec == null || !Boolean.FALSE.equals(spec.active()), quotaReserved, admitted, evicted, preempted,
                finished, clusterQueue, assigned, checks);
    }

    /**
     * One pod's GPUs as Kueue counts a pod's requests: its containers' sum, or its largest init container when
     * that is more (init containers run one at a time, before the rest). An extended resource's request
     * equals its limit, and either may be the one written.
     */
    static int gpusPerPod(KueueWire.PodSpec spec) {
        if (spec == null) {
            return 0;
        }
        int sum = 0;
        for (KueueWire.Container c : KueueProjector.list(spec.containers())) {
            sum += gpus(c);
        }
        int init = 0;
        for (KueueWire.Container c : KueueProjector.list(spec.initContainers())) {
            init = Math.max(init, gpus(c));
        }
        return Math.max(sum, init);
    }

    private static int gpus(KueueWire.Container c) {
        KueueWire.Resources r = c.resources();
        if (r == null) {
            return 0;
        }
        String q = r.requests() == null ? null : r.requests().get(Quantities.GPU);
        if (q == null && r.limits() != null) {
            q = r.limits().get(Quantities.GPU);
        }
        return Quantities.wholeGpus(q);
    }

    /** Per resource and flavor, the admission's usage summed over its pod sets (in Kueue's spelling when one pod set has it). */
    private static List<KueueObject.Assigned> assigned(KueueWire.Admission admission, Interner interner) {
        Map<List<String>, BigDecimal> sums = new LinkedHashMap<>();
        Map<List<String>, String> texts = new java.util.HashMap<>();
        for (KueueWire.PodSetAssignment psa : KueueProjector.list(admission.podSetAssignments())) {
            if (psa.flavors() == null) {
                continue;
            }
            for (Map.Entry<String, String> f : psa.flavors().entrySet()) {
                String usage = psa.resourceUsage() == null ? null : psa.resourceUsage().get(f.getKey());
                List<String> key = List.of(f.getKey(), f.getValue());
                texts.put(key, texts.containsKey(key) ? null : usage);
                sums.merge(key, Quantities.parseOrZero(usage), BigDecimal::add);
            }
        }
        List<KueueObject.Assigned> out = new ArrayList<>();
        sums.forEach((k, v) -> out.add(new KueueObject.Assigned(interner.intern(k.get(0)), interner.intern(k.get(1)),
                texts.get(k) != null ? texts.get(k) : Quantities.plain(v))));
        return out;
    }
}
