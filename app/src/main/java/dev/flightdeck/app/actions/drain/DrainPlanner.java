package dev.flightdeck.app.actions.drain;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.watch.LabelSelectors;

import java.util.ArrayList;
import java.util.List;

/**
 * kubectl drain's pod filters, in kubectl's order, as a pure function: DaemonSet pods are
 * skipped (or block without ignore-daemonsets), mirror pods are skipped, pods with emptyDir
 * need consent to lose the data, pods without a controller need force; a pod that has already
 * finished (Succeeded/Failed) passes every check since nothing is left to lose.
 */
public final class DrainPlanner {

    private DrainPlanner() {
    }

    /**
     * @param pods   the node's pods as listed at plan time
     * @param pdbs   the PodDisruptionBudgets of the pods' namespaces, as returned by the API server
     * @param broken the gangs with ranks among {@code pods} (computed by the caller from the fleet model)
     */
    public static DrainPlan plan(String node, List<DrainPod> pods, List<JsonNode> pdbs, List<BrokenGang> broken,
                                 DrainOptions options) {
        List<DrainPlan.Eviction> evict = new ArrayList<>();
        List<DrainPlan.Skip> skipped = new ArrayList<>();
        List<DrainPlan.Blocker> blockers = new ArrayList<>();
        for (DrainPod p : pods) {
            if ("DaemonSet".equals(p.controllerKind())) {
                if (options.ignoreDaemonSets()) {
                    skipped.add(new DrainPlan.Skip(p, "DaemonSet pod: its controller would recreate it on the node at once"));
                } else {
                    blockers.add(new DrainPlan.Blocker(p, "managed by DaemonSet " + p.controllerName(),
                            "ignore DaemonSet pods"));
                }
                continue;
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
            String note = p.controllerKind() == null ? "unmanaged: deleted for good (force)"
                    : "recreated by " + p.controllerKind() + " " + p.controllerName();
            evict.add(new DrainPlan.Eviction(p, note + (p.emptyDirs().isEmpty() ? "" : "; emptyDir data lost")));
        }
        return new DrainPlan(node, options, evict, skipped, blockers, holds(pdbs, evict), broken);
    }

    private static List<PdbHold> holds(List<JsonNode> pdbs, List<DrainPlan.Eviction> evict) {
        List<PdbHold> out = new ArrayList<>();
        for (JsonNode pdb : pdbs) {
            String ns = pdb.path("metadata").path("namespace").asText();
            List<String> covered = new ArrayList<>();
            for (DrainPlan.Eviction e : evict) {
                DrainPod p = e.pod();
                if (p.namespace().equals(ns) && !p.terminal()
                        && LabelSelectors.matches(pdb.path("spec").get("selector"), p.labels())) {
                    covered.add(p.name());
                }
            }
            if (!covered.isEmpty()) {
                out.add(new PdbHold(ns, pdb.path("metadata").path("name").asText(),
                        pdb.path("status").path("disruptionsAllowed").asInt(0), covered));
            }
        }
        return out;
    }
}
