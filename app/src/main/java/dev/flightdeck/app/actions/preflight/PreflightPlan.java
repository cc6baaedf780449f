package dev.flightdeck.app.actions.preflight;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.nodes.PreflightState;
import dev.flightdeck.app.nodes.Taint;

import java.util.List;

/**
 * What re-preflighting one node would do, before it does anything: the operator reads this, then confirms.
 *
 * @param gpus      the node's GPU count ({@code capacity[nvidia.com/gpu]}): what the validation asks for
 * @param allocatable {@code allocatable[nvidia.com/gpu]}; below {@code gpus} the pod cannot be scheduled
 * @param holders   pods on the node that hold GPUs now: the validation waits until they leave
 * @param current   the gate and last result as the node shows them now
 * @param warnings  what will likely keep the validation from running or passing (it still may be run)
 * @param blockers  why it cannot be run at all; empty when it can
 * @param job       the validation Job's manifest (see {@link #job()})
 */
public record PreflightPlan(String node, PreflightSettings settings, String jobName, int gpus, int allocatable,
                            List<GpuHolder> holders, PreflightState current, List<String> warnings,
                            List<String> blockers, ObjectNode job) {

    /** A pod on the node holding GPUs, e.g. a training rank that was not drained. */
    public record GpuHolder(String pod, int gpus) {
    }

    public PreflightPlan {
        holders = List.copyOf(holders);
        warnings = List.copyOf(warnings);
        blockers = List.copyOf(blockers);
        job = job.deepCopy();
    }

    /** A copy of the manifest: the plan stays as the operator saw it. */
    @Override
    public ObjectNode job() {
        return job.deepCopy();
    }

    public boolean canProceed() {
        return blockers.isEmpty();
    }

    public String jobRef() {
        return settings.namespace() + "/" + jobName;
    }

    /** The taint that keeps other work off while validating. */
    public Taint pendingTaint() {
        return new Taint(settings.gate().key(), "pending", "NoSchedule");
    }

    /** The taint that keeps a failed node out. */
    public Taint failedTaint() {
        return new Taint(settings.gate().key(), "failed", "NoSchedule");
    }
}
