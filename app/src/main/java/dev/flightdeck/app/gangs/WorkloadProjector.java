package dev.flightdeck.app.gangs;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.ObjectMeta;
import dev.flightdeck.app.watch.BadObject;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.app.watch.Projector;

import java.io.IOException;
import java.util.List;

/**
 * Projects a gang object into {@link WorkloadObject}. Gang objects are few (one per
 * job, not per rank), so a JSON tree per object, then its kind's typed record, is affordable here.
 */
public final class WorkloadProjector implements Projector<WorkloadObject> {

    private final WorkloadKind kind;

    public WorkloadProjector(WorkloadKind kind) {
        this.kind = kind;
    }

    @Override
    public Projected<WorkloadObject> read(JsonParser parser) throws IOException {
        JsonNode o = KubeJson.MAPPER.readTree(parser);
        JsonNode metaNode = o.get("metadata");
        ObjectMeta meta = metaNode == null || metaNode.isNull() ? null : KubeJson.MAPPER.treeToValue(metaNode, ObjectMeta.class);
        String name = BadObject.required(meta == null ? null : meta.name(), kind.id(), "metadata.name");
        String ns = meta.namespace() == null ? "" : meta.namespace();
        GangKey key = new GangKey(kind.system(), ns, name);
        // kept with no gangs rather than dropped, so its later deletion still finds it
        List<WorkloadFacts> gangs = WorkloadKind.controlledByGangObject(meta) ? List.of() : kind.reader().read(key, o);
        return new Projected<>(new WorkloadObject(kind.id(), ns, name, gangs), meta.resourceVersion());
    }
}
