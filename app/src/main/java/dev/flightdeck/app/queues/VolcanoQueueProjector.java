package dev.flightdeck.app.queues;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.ObjectMeta;
import dev.flightdeck.app.watch.BadObject;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.app.watch.Projector;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/** Projects a Volcano Queue's JSON into {@link VolcanoQueue} through typed wire records. */
public final class VolcanoQueueProjector implements Projector<VolcanoQueue> {

    public static final String GROUP_VERSION = ApiResource.VOLCANO_QUEUES.apiVersion();
    public static final String PATH = ApiResource.VOLCANO_QUEUES.path().toString();
    public static final String WATCHED_NAME = ApiResource.VOLCANO_QUEUES.qualifiedName();

    record Guarantee(Map<String, String> resource) {
    }

    record Spec(String parent, Map<String, String> capability, Map<String, String> deserved, Guarantee guarantee) {
    }

    record Status(String state, Map<String, String> allocated, Integer pending, Integer running, Integer inqueue) {
    }

    record Queue(ObjectMeta metadata, Spec spec, Status status) {
    }

    private static final ObjectReader READER = KubeJson.MAPPER.readerFor(Queue.class);

    @Override
    public Projected<VolcanoQueue> read(JsonParser parser) throws IOException {
        Queue q = READER.readValue(parser);
        if (q.metadata() == null) {
            throw new BadObject("a Volcano Queue without metadata");
        }
        String name = BadObject.required(q.metadata().name(), "Volcano Queue", "metadata.name");
        Spec spec = q.spec();
        Status st = q.status();
        VolcanoQueue out = new VolcanoQueue(name, st == null ? null : st.state(), spec == null ? null : spec.parent(),
                map(spec == null ? null : spec.capability()), map(spec == null ? null : spec.deserved()),
                map(spec == null || spec.guarantee() == null ? null : spec.guarantee().resource()),
                map(st == null ? null : st.allocated()), st == null ? 0 : KueueProjector.count(st.pending()),
                st == null ? 0 : KueueProjector.count(st.running()), st == null ? 0 : KueueProjector.count(st.inqueue()));
        return new Projected<>(out, q.metadata().resourceVersion());
    }

    /** Parses one whole Queue (a fixture, a GET answer). */
    public VolcanoQueue parse(byte[] json) throws IOException {
        try (JsonParser p = KubeJson.MAPPER.createParser(json)) {
            p.nextToken();
            return read(p).item();
        }
    }

    /** A quantity map without the null keys or values a hostile server could send. */
    private static Map<String, String> map(Map<String, String> m) {
        if (m == null || m.isEmpty()) {
            return Map.of();
        }
        Map<String, String> out = new HashMap<>();
        m.forEach((k, v) -> {
            if (k != null && v != null) {
                out.put(k, v);
            }
        });
        return out;
    }
}
