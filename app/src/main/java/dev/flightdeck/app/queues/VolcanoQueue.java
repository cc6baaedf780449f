package dev.flightdeck.app.queues;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A Volcano {@code Queue} (scheduling.volcano.sh/v1beta1, cluster-scoped): what it may use ({@code spec.capability}),
 * what it deserves and is guaranteed, what is allocated to it now ({@code status.allocated}), and its state
 * (Open, Closing, Closed, Unknown). Maps are never null; quantities stay in Volcano's spelling.
 */
public record VolcanoQueue(String name, String state, String parent, Map<String, String> capability,
                           Map<String, String> deserved, Map<String, String> guarantee, Map<String, String> allocated,
                           int pending, int running, int inqueue) {

    public VolcanoQueue {
        capability = Map.copyOf(capability);
        deserved = Map.copyOf(deserved);
        guarantee = Map.copyOf(guarantee);
        allocated = Map.copyOf(allocated);
    }

    /** One resource of the queue: null where the queue does not set that bound. */
    public record Row(String resource, String allocated, String capability, String deserved, String guarantee) {
    }

    /** A row per resource any of the four maps names, GPUs first, then by name. */
    public List<Row> rows() {
        TreeSet<String> resources = new TreeSet<>(Comparator.comparing((String r) -> !Quantities.GPU.equals(r))
                .thenComparing(Comparator.naturalOrder()));
        resources.addAll(capability.keySet());
        resources.addAll(deserved.keySet());
        resources.addAll(guarantee.keySet());
        resources.addAll(allocated.keySet());
        List<Row> out = new ArrayList<>();
        for (String r : resources) {
            out.add(new Row(r, allocated.getOrDefault(r, "0"), capability.get(r), deserved.get(r), guarantee.get(r)));
        }
        return out;
    }
}
