package dev.flightdeck.app.kube;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealGangs;
import dev.flightdeck.app.controlplane.RealKube;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Events as a real kube-apiserver 1.32 serves them, written by the real writers: the scheduler's
 * FailedScheduling and Scheduled (it writes through events.k8s.io/v1), the Job controller's
 * SuccessfulCreate (core v1, legacy count and timestamps), the Event the console records for an
 * action, and one of each API's repeated forms (a series; a legacy count). Each is read through both
 * APIs: the normalised {@link EventObject} must be the same whichever served it, and the field
 * selectors {@link EventSelectors} writes must find it on each. Both answers are kept under
 * target/captures/ (the fixture events-v1.json was recorded so).
 */
@ExtendWith(RealKube.class)
class EventObjectRealTest {

    private static final TypeReference<ObjectList<EventObject>> LIST = new TypeReference<>() { };

    @Test
    void bothApisNormaliseToTheSameEventsAndTheirSelectorsFindThem(RealCluster real) throws Exception {
        String ns = real.namespace("event-shapes");
        KubeRest rest = real.adminRest();
        RealGangs.indexedJob(real, ns, "pretrain", 1, false);
        real.admin().pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName("too-big").endMetadata()
                .withNewSpec().addNewContainer().withName("trainer").withImage("nvcr.io/nvidia/pytorch:24.05-py3")
                .withNewResources().withLimits(Map.of("nvidia.com/gpu", new Quantity("64"))).endResources().endContainer()
                .endSpec().build()).create();
        Instant at = Instant.parse("2026-11-24T04:00:00Z");
        assertEquals(null, ClusterEvents.record(rest, new ClusterEvents.Regarding("batch/v1", "Job", ns, "pretrain", null),
                "FlightdeckResume", "Resume", "resumed " + ns + "/pretrain from step 4200", false, "sre", at));
        // One repeated Event of each API's form, as their writers send them (the server's conversion is under test).
        rest.post(ApiPath.of(ApiResource.EVENTS).in(ns), object("apiVersion", "events.k8s.io/v1", "kind", "Event",
                "metadata", Map.of("name", "too-big.series"), "eventTime", "2026-11-24T04:00:00.000001Z",
                "series", Map.of("count", 7, "lastObservedTime", "2026-11-24T04:09:30.500000Z"),
                "reportingController", "default-scheduler", "reportingInstance", "default-scheduler-vm",
                "action", "Scheduling", "reason", "FailedScheduling", "type", "Warning",
                "note", "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
                "regarding", Map.of("apiVersion", "v1", "kind", "Pod", "namespace", ns, "name", "too-big")));
        rest.post(ApiPath.of(ApiResource.EVENTS_CORE).in(ns), object("apiVersion", "v1", "kind", "Event",
                "metadata", Map.of("name", "pretrain.counted"), "count", 3, "type", "Warning", "reason", "BackoffLimitExceeded",
                "message", "Job has reached the specified backoff limit", "source", Map.of("component", "job-controller"),
                "firstTimestamp", "2026-11-24T03:00:00Z", "lastTimestamp", "2026-11-24T03:30:00Z",
                "involvedObject", Map.of("apiVersion", "batch/v1", "kind", "Job", "namespace", ns, "name", "pretrain")));

        List<EventObject> v1 = waitFor(rest, ns, "FailedScheduling", "SuccessfulCreate", "Scheduled");
        List<EventObject> core = list(rest, ApiPath.of(ApiResource.EVENTS_CORE).in(ns));
        assertEquals(v1, core.stream().sorted(Comparator.comparing(EventObject::key)).toList(),
                "the same stored Events, normalised alike from either API");

        EventObject failed = one(v1, "FailedScheduling", "Pod", "too-big", 1);
        assertTrue(failed.warning());
        assertEquals("default-scheduler", failed.reportingController());
        assertEquals("Scheduling", failed.action());
        assertEquals(failed.firstSeen(), failed.lastSeen(), "one occurrence: first and last seen are its eventTime");
        assertEquals(ns, failed.regarding().namespace());

        EventObject created = one(v1, "SuccessfulCreate", "Job", "pretrain", 1);
        assertEquals("job-controller", created.reportingController(), "the legacy source.component");
        assertTrue(created.note().startsWith("Created pod: pretrain-0-"), created.note());

        EventObject series = one(v1, "FailedScheduling", "Pod", "too-big", 7);
        assertEquals(Instant.parse("2026-11-24T04:00:00.000001Z"), series.firstSeen());
        assertEquals(Instant.parse("2026-11-24T04:09:30.500Z"), series.lastSeen(), "a series is last seen when last observed");
        EventObject counted = one(v1, "BackoffLimitExceeded", "Job", "pretrain", 3);
        assertEquals(Instant.parse("2026-11-24T03:00:00Z"), counted.firstSeen());
        assertEquals(Instant.parse("2026-11-24T03:30:00Z"), counted.lastSeen());
        EventObject ours = one(v1, "FlightdeckResume", "Job", "pretrain", 1);
        assertEquals(EventObject.FLIGHTDECK_REPORTER, ours.reportingController());
        assertEquals(at, ours.lastSeen());

        for (ApiResource api : List.of(ApiResource.EVENTS, ApiResource.EVENTS_CORE)) {
            List<EventObject> aboutPod = list(rest, ApiPath.of(api).in(ns).param("fieldSelector",
                    EventSelectors.about(api, ObjectReference.of("Pod", ns, "too-big"))));
            assertEquals(List.of("FailedScheduling", "FailedScheduling"), aboutPod.stream().map(EventObject::reason).toList(),
                    api.qualifiedName());
            List<EventObject> warningsAboutJob = list(rest, ApiPath.of(api).in(ns).param("fieldSelector", EventSelectors.and(
                    EventSelectors.about(api, ObjectReference.of("Job", ns, "pretrain")), EventSelectors.warnings())));
            assertEquals(List.of("BackoffLimitExceeded"), warningsAboutJob.stream().map(EventObject::reason).toList(),
                    api.qualifiedName());
        }
        Path dir = Files.createDirectories(Path.of("target", "captures"));
        Files.write(dir.resolve("events-v1.json"), rest.get(ApiPath.of(ApiResource.EVENTS).in(ns)).body());
        Files.write(dir.resolve("events-core.json"), rest.get(ApiPath.of(ApiResource.EVENTS_CORE).in(ns)).body());
    }

    /** A JSON object from key, value, key, value … in that order. */
    private static Map<String, Object> object(Object... kv) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static EventObject one(List<EventObject> events, String reason, String kind, String name, int count) {
        List<EventObject> found = events.stream().filter(e -> e.reason().equals(reason) && e.regarding().kind().equals(kind)
                && e.regarding().name().equals(name) && e.count() == count).toList();
        assertEquals(1, found.size(), () -> reason + " about " + kind + " " + name + " x" + count + " in " + events);
        return found.getFirst();
    }

    /** The namespace's Events through events.k8s.io/v1 once every reason named is there, sorted by key. */
    private static List<EventObject> waitFor(KubeRest rest, String ns, String... reasons) throws Exception {
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(60).toNanos();
        while (true) {
            List<EventObject> events = list(rest, ApiPath.of(ApiResource.EVENTS).in(ns));
            if (List.of(reasons).stream().allMatch(r -> events.stream().anyMatch(e -> e.reason().equals(r)))) {
                return events.stream().sorted(Comparator.comparing(EventObject::key)).toList();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not all of " + List.of(reasons) + " within 60 s: " + events);
            }
            Thread.sleep(200);
        }
    }

    private static List<EventObject> list(KubeRest rest, ApiPath path) throws Exception {
        KubeRest.Answer a = rest.get(path);
        assertEquals(200, a.code(), a::message);
        return a.as(LIST).items();
    }
}
