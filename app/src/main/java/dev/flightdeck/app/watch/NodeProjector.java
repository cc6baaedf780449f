package dev.flightdeck.app.watch;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.flightdeck.app.fleet.GpuLabels;
import dev.flightdeck.app.fleet.WholeNumbers;
import dev.flightdeck.app.fleet.NodeCondition;
import dev.flightdeck.app.fleet.NodeFacts;
import dev.flightdeck.app.fleet.Rfc3339;
import dev.flightdeck.app.fleet.Taint;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Projects Node JSON into {@link NodeFacts}. */
public final class NodeProjector implements Projector<NodeFacts> {

    private static final ObjectReader READER = KubeJson.MAPPER.readerFor(WireDtos.Node.class);
    private final Interner interner = new Interner();

    @Override
    public Projected<NodeFacts> read(JsonParser parser) throws IOException {
        WireDtos.Node n = READER.readValue(parser);
        return new Projected<>(toFacts(n), n.metadata() == null ? null : n.metadata().resourceVersion());
    }

    /** Parses one whole Node document (a fixture, or a GET response). */
    public static NodeFacts parse(byte[] json) throws IOException {
        return new NodeProjector().toFacts(READER.readValue(json));
    }

    NodeFacts toFacts(WireDtos.Node n) {
        WireDtos.Meta m = n.metadata();
        WireDtos.NodeSpec spec = n.spec();
        WireDtos.NodeStatus status = n.status();
        List<Taint> taints = new ArrayList<>();
        if (spec != null && spec.taints() != null) {
            for (WireDtos.TaintDto t : spec.taints()) {
                taints.add(new Taint(interner.intern(t.key()), t.value() == null ? "" : interner.intern(t.value()),
                        interner.intern(t.effect())));
            }
        }
        List<NodeCondition> conditions = new ArrayList<>();
        if (status != null && status.conditions() != null) {
            for (WireDtos.ConditionDto c : status.conditions()) {
                conditions.add(new NodeCondition(interner.intern(c.type()), interner.intern(c.status()),
                        c.reason(), c.message(), Rfc3339.parseOrNull(c.lastTransitionTime())));
            }
        }
        return new NodeFacts(
                m.name(), m.uid(), m.resourceVersion(), Rfc3339.parseOrNull(m.creationTimestamp()),
                internAll(m.labels()), m.annotations() == null ? Map.of() : m.annotations(),
                spec != null && Boolean.TRUE.equals(spec.unschedulable()), taints, conditions,
                gpus(status == null ? null : status.capacity()), gpus(status == null ? null : status.allocatable()));
    }

    private Map<String, String> internAll(Map<String, String> labels) {
        if (labels == null || labels.isEmpty()) {
            return Map.of();
        }
        Map<String, String> out = new java.util.HashMap<>(labels.size() * 2);
        labels.forEach((k, v) -> out.put(interner.intern(k), interner.intern(v)));
        return out;
    }

    private static int gpus(Map<String, String> resources) {
        return resources == null ? 0 : WholeNumbers.parseOrZero(resources.get(GpuLabels.GPU_RESOURCE));
    }
}
