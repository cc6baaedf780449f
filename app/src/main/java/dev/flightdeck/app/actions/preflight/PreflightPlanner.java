package dev.flightdeck.app.actions.preflight;

import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PreflightReader;

import java.util.ArrayList;
import java.util.List;

/**
 * Decides what a re-preflight of one node would do, as a pure function of the node's facts and the
 * pods holding its GPUs. It refuses only what cannot work at all (no GPUs to test, a name too long
 * for a label); what would merely keep the pod Pending is a warning, since running it anyway gives
 * the gate a truthful "failed" with the scheduler's reason.
 */
public final class PreflightPlanner {

    /** Kubernetes label values are at most 63 characters; the node's name goes into one. */
    private static final int MAX_LABEL_VALUE = 63;

    private PreflightPlanner() {
    }

    public static PreflightPlan plan(NodeFacts node, List<PreflightPlan.GpuHolder> holders, PreflightSettings s,
                                     String jobName) {
        String name = node.name();
        int gpus = node.gpuCapacity();
        List<String> blockers = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (gpus == 0) {
            blockers.add(name + " advertises no nvidia.com/gpu: there are no GPUs to validate");
        }
        if (name.length() > MAX_LABEL_VALUE) {
            blockers.add("the node name is longer than 63 characters and cannot label the validation Job");
        }
        NodeCondition ready = node.condition("Ready");
        if (ready == null || !ready.isTrue()) {
            warnings.add("node is not Ready (" + (ready == null ? "no Ready condition" : "Ready=" + ready.status())
                    + "): the validation pod will stay Pending and the preflight fail after "
                    + s.activeDeadlineSeconds() + " s");
        }
        if (gpus > 0 && node.gpuAllocatable() < gpus) {
            warnings.add("only " + node.gpuAllocatable() + " of " + gpus + " GPUs are allocatable (withdrawn by the"
                    + " device plugin): asking for all " + gpus + " keeps the pod Pending, so the preflight fails");
        }
        int held = holders.stream().mapToInt(PreflightPlan.GpuHolder::gpus).sum();
        if (held > 0) {
            warnings.add(held + " GPUs are held by " + holders.stream().map(PreflightPlan.GpuHolder::pod).toList()
                    + ": the validation waits until they leave (drain the node first)");
        }
        return new PreflightPlan(name, s, jobName, gpus, node.gpuAllocatable(), holders,
                PreflightReader.read(node, s.gate()), warnings, blockers,
                PreflightJobManifest.build(name, jobName, gpus, s));
    }
}
