package dev.flightdeck.app.queues;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.flightdeck.app.kube.ObjectMeta;
import dev.flightdeck.app.watch.BadObject;
import dev.flightdeck.app.watch.Interner;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.app.watch.Projector;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Projects one Kueue kind's JSON into {@link KueueObject}s straight from the stream, through the
 * typed wire records in {@link KueueWire}: a Workload's pod templates are skipped but for their
 * containers' resources, so a cluster's thousands of Workloads cost a few hundred bytes each.
 */
public final class KueueProjector implements Projector<KueueObject> {

    private final KueueKind kind;
    private final ObjectReader reader;
    private final Interner interner = new Interner();

    public KueueProjector(KueueKind kind) {
        this.kind = kind;
        this.reader = KubeJson.MAPPER.readerFor(switch (kind) {
            case CLUSTER_QUEUE -> KueueWire.ClusterQueue.class;
            case LOCAL_QUEUE -> KueueWire.LocalQueue.class;
            case WORKLOAD -> KueueWire.Workload.class;
            case RESOURCE_FLAVOR -> KueueWire.ResourceFlavor.class;
            case COHORT -> KueueWire.Cohort.class;
        });
    }

    @Override
    public Projected<KueueObject> read(JsonParser parser) throws IOException {
        Object wire = reader.readValue(parser);
        ObjectMeta meta = switch (wire) {
            case KueueWire.ClusterQueue o -> o.metadata();
            case KueueWire.LocalQueue o -> o.metadata();
            case KueueWire.Workload o -> o.metadata();
            case KueueWire.ResourceFlavor o -> o.metadata();
            case KueueWire.Cohort o -> o.metadata();
            default -> throw new IllegalStateException("not a Kueue wire record: " + wire.getClass());
        };
        if (meta == null) {
            throw new BadObject("a " + kind.kindName() + " without metadata");
        }
        return new Projected<>(project(wire, meta), meta.resourceVersion());
    }

    /** Parses one whole object (a fixture, a GET answer). */
    public KueueObject parse(byte[] json) throws IOException {
        try (JsonParser p = KubeJson.MAPPER.createParser(json)) {
            p.nextToken();
            return read(p).item();
        }
    }

    private KueueObject project(Object wire, ObjectMeta meta) throws BadObject {
        String name = BadObject.required(meta.name(), kind.kindName(), "metadata.name");
        String ns = kind.namespaced() ? interner.intern(BadObject.required(meta.namespace(), kind.kindName(),
                "metadata.namespace")) : "";
        return switch (wire) {
            case KueueWire.ClusterQueue o -> ClusterQueueProjection.of(name, o, interner);
            case KueueWire.LocalQueue o -> localQueue(ns, name, o);
            case KueueWire.Workload o -> WorkloadProjection.of(ns, name, meta, o, interner);
            case KueueWire.ResourceFlavor o -> flavor(name, o.spec());
            case KueueWire.Cohort o -> new KueueObject.Cohort(name, o.spec() == null ? null
                    : o.spec().parentName() != null ? o.spec().parentName() : o.spec().parent());
            default -> throw new IllegalStateException("not a Kueue wire record: " + wire.getClass());
        };
    }

    private KueueObject localQueue(String ns, String name, KueueWire.LocalQueue o) {
        KueueWire.LocalQueueSpec spec = o.spec();
        KueueWire.LocalQueueStatus st = o.status();
        return new KueueObject.LocalQueue(ns, name, spec == null ? null : interner.intern(spec.clusterQueue()),
                spec == null ? null : interner.intern(spec.stopPolicy()),
                st == null ? 0 : count(st.pendingWorkloads()), st == null ? 0 : count(st.reservingWorkloads()),
                st == null ? 0 : count(st.admittedWorkloads()));
    }

    static int count(Integer n) {
        return n == null || n < 0 ? 0 : n;
    }

    static <T> List<T> list(List<T> l) {
        if (l == null) {
            return List.of();
        }
        List<T> out = new ArrayList<>(l.size());
        for (T t : l) {
            if (t != null) {
                out.add(t);
            }
        }
        return out;
    }

    private static KueueObject.Flavor flavor(String name, KueueWire.ResourceFlavorSpec spec) {
        java.util.Map<String, String> labels = spec == null || spec.nodeLabels() == null ? java.util.Map.of() : spec.nodeLabels();
        java.util.Map<String, String> taints = new java.util.HashMap<>();
        if (spec != null && spec.nodeTaints() != null) {
            for (KueueWire.FlavorTaint t : spec.nodeTaints()) {
                if (t != null && t.key() != null) {
                    taints.putIfAbsent(t.key(), t.value() == null ? "" : t.value());
                }
            }
        }
        return new KueueObject.Flavor(name, labels, taints);
    }
}
