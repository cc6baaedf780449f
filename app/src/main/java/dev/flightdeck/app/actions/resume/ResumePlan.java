package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.checkpoints.Checkpoint;
import dev.flightdeck.app.checkpoints.CheckpointSource;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangVerdict;

import java.time.Instant;
import java.util.List;

/**
 * What a resume would do: delete the workload (and so its pods) and create it again with the
 * checkpoint in every container. Nothing is changed by making a plan.
 *
 * @param verdictReason  why the gang is halted or failed, in the cluster model's words
 * @param checkpoint     the checkpoint the new object loads
 * @param newest         whether it is the newest complete checkpoint (false when one was picked)
 * @param envName        the resume variable's name (its step goes into {@code envName + "_STEP"})
 * @param location       the variable's value and how the job should use it, per layout
 * @param before         the workload as it stands, stripped of server-managed fields
 * @param after          what will be created
 * @param diff           unified diff of before and after, as YAML, made from redacted copies
 * @param leftOutOfDiff  what the diff does not show at all (managedFields, kubectl's last-applied-configuration)
 * @param pods           the pods that go with the workload
 * @param containers     how many containers get the variable
 * @param expectedRanks  ranks the new workload asks for (what the executor waits to see created)
 */
public record ResumePlan(GangKey gang, GangVerdict verdict, String verdictReason, ResumableKind kind, String namespace,
                         String name, Checkpoint checkpoint, boolean newest, CheckpointSource source, String envName,
                         ResumeLocation location, ObjectNode before, ObjectNode after, List<String> diff,
                         List<String> leftOutOfDiff, List<ResumePod> pods, int containers, int expectedRanks, Instant plannedAt) {

    /**
     * Foreground: the API server keeps the workload (with a deletionTimestamp) until the garbage
     * collector has deleted every pod and child Job it owns, so "the workload is gone" means its
     * ranks are gone too. With Background the name frees at once while old ranks may still run,
     * and the new ranks would meet them on the same GPUs, hostnames and checkpoint folder.
     */
    public static final String PROPAGATION = "Foreground";

    public ResumePlan {
        diff = List.copyOf(diff);
        leftOutOfDiff = List.copyOf(leftOutOfDiff);
        pods = List.copyOf(pods);
    }

    /** {@code training/rlhf-actor}. */
    public String ref() {
        return namespace + "/" + name;
    }

    /** {@code Job training/rlhf-actor}, for lines the person reads. */
    public String describe() {
        return kind.kind() + " " + ref();
    }
}
