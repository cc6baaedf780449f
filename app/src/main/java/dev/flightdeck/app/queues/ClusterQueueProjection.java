package dev.flightdeck.app.queues;

import dev.flightdeck.app.watch.Interner;

import java.util.ArrayList;
import java.util.List;

/** A ClusterQueue's wire record into its {@link KueueObject.ClusterQueue}: quotas flattened to one row per flavor and resource. */
final class ClusterQueueProjection {

    private ClusterQueueProjection() {
    }

    static KueueObject.ClusterQueue of(String name, KueueWire.ClusterQueue o, Interner interner) {
        KueueWire.ClusterQueueSpec spec = o.spec();
        List<KueueObject.Quota> quotas = new ArrayList<>();
        String cohort = null;
        String stopPolicy = null;
        if (spec != null) {
            cohort = spec.cohortName() != null ? spec.cohortName() : spec.cohort();
            stopPolicy = spec.stopPolicy();
            for (KueueWire.ResourceGroup g : KueueProjector.list(spec.resourceGroups())) {
                for (KueueWire.FlavorQuotas f : KueueProjector.list(g.flavors())) {
                    for (KueueWire.ResourceQuota r : KueueProjector.list(f.resources())) {
                        if (f.name() != null && r.name() != null) {
                            quotas.add(new KueueObject.Quota(interner.intern(f.name()), interner.intern(r.name()),
                                    r.nominalQuota(), r.borrowingLimit(), r.lendingLimit()));
                        }
                    }
                }
            }
        }
        KueueWire.ClusterQueueStatus st = o.status();
        String inactive = null;
        if (st != null) {
            for (KueueWire.Condition c : KueueProjector.list(st.conditions())) {
                if ("Active".equals(c.type()) && "False".equals(c.status())) {
                    inactive = c.message() == null || c.message().isBlank() ? c.reason() : c.message();
                }
            }
        }
        return new KueueObject.ClusterQueue(name, interner.intern(cohort), interner.intern(stopPolicy), quotas,
                st == null ? List.of() : usage(st.flavorsReservation(), interner),
                st == null ? List.of() : usage(st.flavorsUsage(), interner),
                st == null ? 0 : KueueProjector.count(st.pendingWorkloads()),
                st == null ? 0 : KueueProjector.count(st.reservingWorkloads()),
                st == null ? 0 : KueueProjector.count(st.admittedWorkloads()), inactive);
    }

    private static List<KueueObject.Usage> usage(List<KueueWire.FlavorUsage> flavors, Interner interner) {
        List<KueueObject.Usage> out = new ArrayList<>();
        for (KueueWire.FlavorUsage f : KueueProjector.list(flavors)) {
            for (KueueWire.ResourceUsage r : KueueProjector.list(f.resources())) {
                if (f.name() != null && r.name() != null) {
                    out.add(new KueueObject.Usage(interner.intern(f.name()), interner.intern(r.name()), r.total(),
                            r.borrowed()));
                }
            }
        }
        return out;
    }
}
