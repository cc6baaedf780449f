package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.ObjectMeta;
import dev.flightdeck.app.kube.PodObject;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.checkpoints.Checkpoint;
import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.WorkloadFacts;
import dev.flightdeck.app.secrets.SecretObjects;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * Decides a resume from what was read, as a pure function: which gangs may be resumed (halted or
 * failed ones: a live gang would lose the work since its checkpoint), which checkpoint, and the
 * new object. Refusals are one line each.
 */
public final class ResumePlanner {

    private ResumePlanner() {
    }

    /**
     * @param workload    the workload object as the API server returned it
     * @param pods        its pods as listed now
     * @param checkpoints its checkpoint status
     * @param step        the step of a checkpoint picked from {@code checkpoints.recent()}; empty for the newest
     */
    public static ResumePlan plan(Gang gang, JsonNode workload, List<PodObject> pods, CheckpointStatus checkpoints,
                                  OptionalLong step, Instant now) throws ResumeRefusal {
        String ref = gang.key().namespace() + "/" + gang.key().name();
        ResumableKind kind = kindOf(gang);
        // A stalled gang's pods all run but its GPUs have done nothing for the stall window: it has made no progress
        // since, and restarting it from its checkpoint is the way out of a hung collective.
        if (!gang.verdict().resumable()) {
            throw new ResumeRefusal("cannot resume " + ref + ": the gang is " + gang.verdict().label()
                    + "; only a halted, failed or stalled gang is resumed (recreating a working one would throw away its work since the checkpoint)");
        }
        Map<String, String> annotations = annotations(gang, workload);
        Checkpoint cp = pick(ref, checkpoints, step);
        ResumeLocation where;
        String envName;
        try {
            where = ResumeLocation.of(cp);
            envName = ResumeEnv.name(annotations);
        } catch (IllegalArgumentException e) {
            throw new ResumeRefusal("cannot resume " + ref + ": " + e.getMessage());
        }
        ObjectNode before = ServerFields.strip(workload, kind);
        ObjectNode after = before.deepCopy();
        int containers = ResumeEnv.apply(after, kind, envName, where, cp.uri().trim());
        if (containers == 0) {
            throw new ResumeRefusal("cannot resume " + ref + ": its " + kind.kind()
                    + " has no containers in its pod templates to carry " + envName);
        }
        List<WorkloadFacts> facts;
        try {
            facts = kind.workloadKind().reader().read(gang.key(), after);
        } catch (java.io.IOException e) {
            facts = List.of(); // read from the server a moment ago: cannot happen; the gang's own count stands in
        }
        int ranks = facts.isEmpty() ? gang.expected() : facts.getFirst().expected();
        // What the person reads is computed from redacted copies: the diff's context lines around the added
        // variable and annotation would otherwise show the values next to them.
        SecretObjects.Shown shownBefore = SecretObjects.forDisplay(before);
        List<String> diff = ManifestDiff.unified(shownBefore.object(), SecretObjects.forDisplay(after).object(),
                kind.kind() + " " + ref + " now", kind.kind() + " " + ref + " resumed from " + cp.uri().trim());
        return new ResumePlan(gang.key(), gang.verdict(), gang.reasonText(), kind, gang.key().namespace(),
                gang.key().name(), cp, cp.equals(checkpoints.newest()), checkpoints.source(), envName, where, before,
                after, diff, shownBefore.leftOut(), pods.stream().map(ResumePod::of).toList(), containers, ranks, now);
    }

    /** The gang's flightdeck.dev/ annotations with the workload's own (all of them) over them: the workload's word wins. */
    public static Map<String, String> annotations(Gang gang, JsonNode workload) {
        Map<String, String> out = new HashMap<>(gang.annotations());
        out.putAll(ObjectMeta.of(workload).annotations());
        return out;
    }

    /** The workload kind to recreate, or a refusal naming the gang's system. */
    public static ResumableKind kindOf(Gang gang) throws ResumeRefusal {
        return ResumableKind.of(gang.key().system()).orElseThrow(() -> new ResumeRefusal("cannot resume "
                + gang.key().namespace() + "/" + gang.key().name() + ": it is a " + gang.key().system().label()
                + " gang; resume recreates Indexed Jobs, JobSets, PyTorchJobs and MPIJobs only"));
    }

    private static Checkpoint pick(String ref, CheckpointStatus status, OptionalLong step) throws ResumeRefusal {
        if (status.newest() == null) {
            throw new ResumeRefusal("cannot resume " + ref + ": no complete checkpoint is known"
                    + (status.problem() == null ? "" : " (" + status.problem() + ")"));
        }
        if (step.isEmpty()) {
            return status.newest();
        }
        return status.recent().stream().filter(c -> c.step() == step.getAsLong()).findFirst()
                .orElseThrow(() -> new ResumeRefusal("cannot resume " + ref + " from step " + step.getAsLong()
                        + ": no complete checkpoint at that step; recent complete steps: "
                        + status.recent().stream().map(c -> c.step() == Checkpoint.UNKNOWN_STEP ? "unknown" : Long.toString(c.step()))
                        .collect(Collectors.joining(", "))));
    }
}
