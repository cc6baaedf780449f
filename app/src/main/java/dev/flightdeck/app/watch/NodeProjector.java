package dev.flightdeck.app.watch;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.nodes.WholeNumbers;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.Rfc3339;
import dev.flightdeck.app.nodes.Taint;

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

    NodeFacts toFacts(WireDtos.Node n) throws BadObject {
        WireDtos.Meta m = n.metadata();
        if (m == null) {
            throw new BadObject("a node without metadata");
        }
        String name = BadObject.required(m.name(), "node", "metadata.name");
        WireDtos.NodeSpec spec = n.spec();
        WireDtos.NodeStatus status = n.status();
        List<Taint> taints = new ArrayList<>();
        if (spec != null && spec.taints() != null) {
            for (WireDtos.TaintDto t : spec.taints()) {
                if (t == null || t.key() == null || t.key().isBlank()) {
                    throw new BadObject("node " + name + ": a taint without a key");
                }
                taints.add(new Taint(interner.intern(t.key()), t.value() == null ? "" : interner.intern(t.value()),
                        t.effect() == null ? "" : interner.intern(t.effect())));
            }
        }
        List<NodeCondition> conditions = new ArrayList<>();
        if (status != null && status.conditions() != null) {
            for (WireDtos.ConditionDto c : status.conditions()) {
                if (c == null || c.type() == null || c.type().isBlank()) {
                    throw new BadObject("node " + name + ": a condition without a type");
                }
                // A status other than True/False/Unknown is kept as sent; only "True" counts as true.
                conditions.add(new NodeCondition(interner.intern(c.type()),
                        c.status() == null ? "Unknown" : interner.intern(c.status()),
                        c.reason(), c.message(), Rfc3339.parseOrNull(c.lastTransitionTime())));
            }
        }
        return new NodeFacts(
                name, m.uid(), m.resourceVersion(), Rfc3339.parseOrNull(m.creationTimestamp()),
                internAll(m.labels()), withoutNulls(m.annotations()),
                spec != null && Boolean.TRUE.equals(spec.unschedulable()), taints, conditions,
                gpus(name, "capacity", status == null ? null : status.capacity()),
                gpus(name, "allocatable", status == null ? null : status.allocatable()));
    }

    private Map<String, String> internAll(Map<String, String> labels) {
        if (labels == null || labels.isEmpty()) {
            return Map.of();
        }
        Map<String, String> out = new java.util.HashMap<>(labels.size() * 2);
        labels.forEach((k, v) -> {
            if (k != null && v != null) {
                out.put(interner.intern(k), interner.intern(v));
            }
        });
        return out;
    }

    /** A server never sends a null annotation value; a hostile one's are dropped, not a crash. */
    static Map<String, String> withoutNulls(Map<String, String> map) {
        if (map == null || map.isEmpty()) {
            return Map.of();
        }
        if (!map.containsKey(null) && !map.containsValue(null)) {
            return map;
        }
        Map<String, String> out = new java.util.HashMap<>(map);
        out.values().removeIf(java.util.Objects::isNull);
        out.remove(null);
        return out;
    }

    /**
     * {@code status.<field>[nvidia.com/gpu]}: absent is 0 (no device plugin); a value that is no
     * whole number makes the node unreadable, since 0 would read as "every GPU withdrawn".
     */
    private static int gpus(String node, String field, Map<String, String> resources) throws BadObject {
        String q = resources == null ? null : resources.get(GpuLabels.GPU_RESOURCE);
        if (q == null) {
            return 0;
        }
        int n = WholeNumbers.parseOrMinusOne(q);
        if (n < 0) {
            throw new BadObject("node " + node + ": status." + field + " " + GpuLabels.GPU_RESOURCE + " "
                    + Shown.quoted(q) + " is not a whole number of GPUs");
        }
        return n;
    }
}
