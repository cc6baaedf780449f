package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.kube.PodDisruptionBudgetObject;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * kubectl drain's pod filters, in kubectl's order ({@code pkg/drain/filters.go}: daemonSet,
 * mirror, localStorage, unreplicated), as a pure function: a running DaemonSet pod is skipped (or
 * blocks without ignore-daemonsets) while its DaemonSet exists, and needs force when the DaemonSet
 * is gone (nothing recreates it); mirror pods are skipped; pods with emptyDir need consent to lose
 * the data; pods without a controller need force; a pod that has already finished
 * (Succeeded/Failed) passes every check since nothing is left to lose — a finished DaemonSet pod too.
 */
public final class DrainPlanner {

    private DrainPlanner() {
    }

    /**
     * @param pods   the node's pods as listed at plan time
     * @param pdbs   the PodDisruptionBudgets of the pods' namespaces, as returned by the API server
     * @param broken the gangs with ranks among {@code pods} (computed by the caller from the cluster model)
     */
    public static DrainPlan plan(String node, List<DrainPod> pods, List<PodDisruptionBudgetObject> pdbs,
                                 List<BrokenGang> broken, DrainOptions options) {
        return plan(node, pods, pdbs, broken, options, p -> DaemonSetCheck.EXISTS);
    }

    /**
     * @param daemonSets what the server says of the DaemonSet controlling a running DaemonSet pod
     *                   (asked only for those, as kubectl asks)
     */
    public static DrainPlan plan(String node, List<DrainPod> pods, List<PodDisruptionBudgetObject> pdbs,
                                 List<BrokenGang> broken, DrainOptions options, Function<DrainPod, DaemonSetCheck> daemonSets) {
        List<DrainPlan.Eviction> evict = new ArrayList<>();
        List<DrainPlan.Skip> skipped = new ArrayList<>();
        List<DrainPlan.Blocker> blockers = new ArrayList<>();
        for (DrainPod p : pods) {
            String orphanNote = null;
            if ("DaemonSet".equals(p.controllerKind()) && !p.terminal()) {
                DaemonSetCheck ds = daemonSets.apply(p);
                if (ds.state() == DaemonSetCheck.State.UNREADABLE) {
                    blockers.add(new DrainPlan.Blocker(p, "cannot tell whether its DaemonSet " + p.controllerName()
                            + " still exists: " + ds.message(), "permission to get daemonsets"));
                    continue;
                }
                if (ds.state() == DaemonSetCheck.State.GONE && !options.force()) {
                    blockers.add(new DrainPlan.Blocker(p, "its DaemonSet " + p.controllerName() + " is gone (" + ds.message()
                            + "): nothing would recreate it", "delete unmanaged pods (force)"));
                    continue;
                }
                if (ds.state() == DaemonSetCheck.State.EXISTS) {
                    if (options.ignoreDaemonSets()) {
                        skipped.add(new DrainPlan.Skip(p, "DaemonSet pod: its controller would recreate it on the node at once"));
                    } else {
                        blockers.add(new DrainPlan.Blocker(p, "managed by DaemonSet " + p.controllerName(),
                                "ignore DaemonSet pods"));
                    }
                    continue;
                }
                // Gone, with force: kubectl deletes it, after the remaining filters (emptyDir still needs consent).
                orphanNote = "its DaemonSet " + p.controllerName() + " is gone: deleted for good (force)";
            }
            if (p.mirror()) {
                skipped.add(new DrainPlan.Skip(p, "mirror pod of a static pod: only the kubelet's manifest can remove it"));
                continue;
            }
            if (p.terminal()) {
                evict.add(new DrainPlan.Eviction(p, p.phase().toLowerCase(java.util.Locale.ROOT) + ": nothing left to lose"));
                continue;
            }
            if (!p.emptyDirs().isEmpty() && !options.deleteEmptyDirData()) {
                blockers.add(new DrainPlan.Blocker(p, "has emptyDir data that would be lost ("
                        + String.join(", ", p.emptyDirs()) + ")", "delete emptyDir data"));
                continue;
            }
            if (p.controllerKind() == null && !options.force()) {
                blockers.add(new DrainPlan.Blocker(p, "not managed by a controller: nothing would recreate it",
                        "delete unmanaged pods (force)"));
                continue;
            }
            String note = orphanNote != null ? orphanNote : p.controllerKind() == null ? "unmanaged: deleted for good (force)"
                    : "recreated by " + p.controllerKind() + " " + p.controllerName();
            evict.add(new DrainPlan.Eviction(p, note + (p.emptyDirs().isEmpty() ? "" : "; emptyDir data lost")));
        }
        return new DrainPlan(node, options, evict, skipped, blockers, holds(pdbs, evict), broken);
    }

    private static List<PdbHold> holds(List<PodDisruptionBudgetObject> pdbs, List<DrainPlan.Eviction> evict) {
        List<PdbHold> out = new ArrayList<>();
        for (PodDisruptionBudgetObject pdb : pdbs) {
            String ns = pdb.metadata().namespace() == null ? "" : pdb.metadata().namespace();
            List<String> covered = new ArrayList<>();
            for (DrainPlan.Eviction e : evict) {
                DrainPod p = e.pod();
                if (p.namespace().equals(ns) && !p.terminal() && pdb.covers(p.labels())) {
                    covered.add(p.name());
                }
            }
            if (!covered.isEmpty()) {
                out.add(new PdbHold(ns, pdb.metadata().name() == null ? "" : pdb.metadata().name(),
                        pdb.status().allowed(), covered));
            }
        }
        return out;
    }
}
