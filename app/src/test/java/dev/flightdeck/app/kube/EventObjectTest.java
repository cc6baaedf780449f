package dev.flightdeck.app.kube;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Events normalised from what a real kube-apiserver 1.32 served, in both APIs' shapes (see the fixtures' README). */
class EventObjectTest {

    private static List<EventObject> read(String capture) throws Exception {
        ObjectList<EventObject> list = KubeJson.MAPPER.readValue(Fixtures.capture(capture), new TypeReference<>() { });
        return list.items().stream().sorted(Comparator.comparing(EventObject::key)).toList();
    }

    @Test
    void theSameStoredEventsReadAlikeThroughEitherApi() throws Exception {
        List<EventObject> v1 = read("events-v1.json");
        assertEquals(6, v1.size());
        assertEquals(v1, read("events-v1-as-core.json"));
    }

    @Test
    void eachFieldComesFromWhereItsApiKeepsIt() throws Exception {
        List<EventObject> v1 = read("events-v1.json");
        EventObject series = v1.stream().filter(e -> e.count() == 7).findFirst().orElseThrow();
        assertEquals("FailedScheduling", series.reason());
        assertEquals("default-scheduler", series.reportingController());
        assertEquals("default-scheduler-vm", series.reportingInstance());
        assertEquals(Instant.parse("2026-11-24T04:00:00.000001Z"), series.firstSeen(), "eventTime, microseconds kept");
        assertEquals(Instant.parse("2026-11-24T04:09:30.500Z"), series.lastSeen(), "series.lastObservedTime");
        assertEquals("Pod", series.regarding().kind());
        assertEquals("too-big", series.regarding().name());

        EventObject counted = v1.stream().filter(e -> e.reason().equals("BackoffLimitExceeded")).findFirst().orElseThrow();
        assertEquals(3, counted.count(), "deprecatedCount");
        assertEquals("job-controller", counted.reportingController(), "no reportingController: deprecatedSource.component");
        assertEquals(Instant.parse("2026-11-24T03:00:00Z"), counted.firstSeen());
        assertEquals(Instant.parse("2026-11-24T03:30:00Z"), counted.lastSeen());
        assertTrue(counted.warning());
        assertEquals("batch/v1", counted.regarding().apiVersion());
    }

    @Test
    void theCapturedNamespaceOfTheIndexedJob() throws Exception {
        List<EventObject> events = read("events.json");
        EventObject failed = events.stream().filter(e -> e.reason().equals("FailedScheduling")).findFirst().orElseThrow();
        assertTrue(failed.warning());
        assertEquals(1, failed.count(), "a single occurrence written through events.k8s.io has no count");
        assertEquals(failed.firstSeen(), failed.lastSeen());
        assertTrue(failed.note().contains("untolerated taint {flightdeck.dev/preflight: pending}"), failed.note());
        EventObject readyz = events.stream().filter(e -> e.reason().equals("KubeAPIReadyz")).findFirst().orElseThrow();
        assertEquals("apiserver", readyz.reportingController(), "an empty reportingComponent falls back to source.component");
        assertEquals("Namespace openshift-kube-apiserver", readyz.regarding().kind() + " " + readyz.regarding().name(),
                "kube-apiserver 1.32 names this one so (its readyz reporter)");
        assertTrue(readyz.warning());
    }

    @Test
    void anEventWithNothingButItsNameStillReads() throws Exception {
        EventObject bare = KubeJson.MAPPER.readValue("{\"metadata\":{\"name\":\"x\",\"namespace\":\"default\","
                + "\"creationTimestamp\":\"2026-11-24T04:00:00Z\"}}", EventObject.class);
        assertEquals(1, bare.count());
        assertEquals(Instant.parse("2026-11-24T04:00:00Z"), bare.firstSeen(), "only when it was stored is known");
        assertEquals(bare.firstSeen(), bare.lastSeen());
        assertEquals("", bare.regarding().kind());
        assertEquals("", bare.reason());
        assertEquals("default/x", bare.key());
    }

    @Test
    void selectorsSpeakTheirApisWords() {
        ObjectReference pod = ObjectReference.of("Pod", "training", "llm-0");
        assertEquals("regarding.kind=Pod,regarding.name=llm-0,regarding.namespace=training",
                EventSelectors.about(ApiResource.EVENTS, pod));
        assertEquals("involvedObject.kind=Node,involvedObject.name=gpu-node-7",
                EventSelectors.about(ApiResource.EVENTS_CORE, ObjectReference.of("Node", "", "gpu-node-7")));
        assertEquals("type=Warning", EventSelectors.and("", EventSelectors.warnings()));
        assertThrows(IllegalArgumentException.class, () -> EventSelectors.about(ApiResource.PODS, pod));
        assertEquals("/apis/events.k8s.io/v1/events?fieldSelector=regarding.kind%3DNode%2Cregarding.name%3Dn",
                ApiPath.of(ApiResource.EVENTS).param("fieldSelector",
                        EventSelectors.about(ApiResource.EVENTS, ObjectReference.of("Node", "", "n"))).toString());
    }
}
