package dev.flightdeck.app.queues;

import dev.flightdeck.app.watch.BadObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class VolcanoQueueProjectorTest {

    /** A Queue as Volcano v1.11 returns it (its docs' example, with the capacity plugin's deserved and a guarantee). */
    static final String TRAINING = """
            {"apiVersion":"scheduling.volcano.sh/v1beta1","kind":"Queue",
             "metadata":{"name":"training","uid":"88babd01-c83f-4010-9701-c2471c1dd040","resourceVersion":"987630",
              "creationTimestamp":"2026-11-27T09:31:12Z","generation":1},
             "spec":{"parent":"root","reclaimable":true,"weight":1,
              "capability":{"cpu":"512","memory":"4Ti","nvidia.com/gpu":"64"},
              "deserved":{"cpu":"256","nvidia.com/gpu":"32"},
              "guarantee":{"resource":{"nvidia.com/gpu":"8"}}},
             "status":{"state":"Open","running":3,"pending":1,"inqueue":2,"completed":7,
              "allocated":{"cpu":"96","memory":"768Gi","nvidia.com/gpu":"24","pods":"3"}}}""";

    static VolcanoQueue training() throws Exception {
        return new VolcanoQueueProjector().parse(TRAINING.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void capabilityDeservedGuaranteeAndAllocationPerResourceGpusFirst() throws Exception {
        VolcanoQueue q = training();
        assertEquals("training", q.name());
        assertEquals("Open", q.state());
        assertEquals("root", q.parent());
        assertEquals(3, q.running());
        assertEquals(1, q.pending());
        assertEquals(2, q.inqueue());
        assertEquals(List.of(new VolcanoQueue.Row("nvidia.com/gpu", "24", "64", "32", "8"),
                new VolcanoQueue.Row("cpu", "96", "512", "256", null),
                new VolcanoQueue.Row("memory", "768Gi", "4Ti", null, null),
                new VolcanoQueue.Row("pods", "3", null, null, null)), q.rows());
    }

    @Test
    void aQueueWithoutStatusYetAndOneWithoutName() throws Exception {
        VolcanoQueue fresh = new VolcanoQueueProjector().parse("{\"metadata\":{\"name\":\"default\"},\"spec\":{\"weight\":1}}"
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(new VolcanoQueue("default", null, null, Map.of(), Map.of(), Map.of(), Map.of(), 0, 0, 0), fresh);
        assertEquals(List.of(), fresh.rows());
        assertThrows(BadObject.class, () -> new VolcanoQueueProjector().parse("{\"metadata\":{}}".getBytes(StandardCharsets.UTF_8)));
    }
}
