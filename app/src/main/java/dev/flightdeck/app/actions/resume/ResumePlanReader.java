package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.ObjectList;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.gangs.Gang;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Reads what a resume plan needs: the gang from the console's cluster model (its verdict), the
 * workload and its pods fresh from the API server (two requests), and the checkpoint status
 * from the workload's annotations (may list object storage). Changes nothing.
 */
public final class ResumePlanReader {

    private final KubeRest rest;
    private final Function<Map<String, String>, CheckpointStatus> checkpoints;

    /** @param checkpoints a workload's checkpoint status from its annotations, e.g. {@code session.checkpoints()::read} */
    public ResumePlanReader(KubeRest rest, Function<Map<String, String>, CheckpointStatus> checkpoints) {
        this.rest = rest;
        this.checkpoints = checkpoints;
    }

    /**
     * The plan for {@code NAMESPACE/GANG} as {@code flightdeck plan resume} names it.
     *
     * @param step a checkpoint step picked from the recent ones, or empty for the newest
     * @throws ResumeRefusal when the gang cannot be resumed (one line)
     * @throws IOException   with a line for the person when the cluster cannot be read
     */
    public ResumePlan read(String ref, List<Gang> gangs, OptionalLong step, Instant now) throws ResumeRefusal, IOException {
        return read(gang(ref, gangs), step, now);
    }

    public ResumePlan read(Gang gang, OptionalLong step, Instant now) throws ResumeRefusal, IOException {
        String ref = gang.key().namespace() + "/" + gang.key().name();
        ResumableKind kind = ResumePlanner.kindOf(gang);
        KubeRest.Answer w = rest.get(kind.objectPath(gang.key().namespace(), gang.key().name()));
        if (w.code() == 404) {
            throw new IOException(kind.kind() + " " + ref + " does not exist (already deleted?)");
        }
        if (!w.ok()) {
            throw new IOException("cannot read " + kind.kind() + " " + ref + ": " + w.message());
        }
        KubeRest.Answer list = rest.get(kind.podQuery(gang.key().namespace(), gang.key().name()));
        if (!list.ok()) {
            throw new IOException("cannot list the pods of " + ref + ": " + list.message());
        }
        JsonNode workload = w.json();
        List<PodObject> pods = list.as(new TypeReference<ObjectList<PodObject>>() { }).items();
        CheckpointStatus status = checkpoints.apply(ResumePlanner.annotations(gang, workload));
        return ResumePlanner.plan(gang, workload, pods, status, step, now);
    }

    /**
     * The gang named {@code NAMESPACE/NAME}; when two systems use one name (a Job and its PodGroup),
     * the one resume can recreate.
     */
    public static Gang gang(String ref, List<Gang> gangs) throws ResumeRefusal {
        int slash = ref == null ? -1 : ref.indexOf('/');
        if (slash <= 0 || slash == ref.length() - 1 || ref.indexOf('/', slash + 1) >= 0) {
            throw new ResumeRefusal("\"" + ref + "\" is not NAMESPACE/GANG (e.g. training/llm-pretrain)");
        }
        String ns = ref.substring(0, slash);
        String name = ref.substring(slash + 1);
        List<Gang> named = gangs.stream().filter(g -> g.key().namespace().equals(ns) && g.key().name().equals(name)).toList();
        return named.stream().filter(g -> ResumableKind.of(g.key().system()).isPresent()).findFirst()
                .or(() -> named.stream().findFirst())
                .orElseThrow(() -> new ResumeRefusal("no gang " + ref + " in the cluster (as the console sees it)"));
    }
}
