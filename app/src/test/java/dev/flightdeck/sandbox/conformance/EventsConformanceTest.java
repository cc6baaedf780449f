package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.diagnose.events.EventApi;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.EventObject;
import dev.flightdeck.app.kube.EventSelectors;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectList;
import dev.flightdeck.app.kube.ObjectReference;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Events as the console reads them: through events.k8s.io/v1 where discovery lists it (one stored
 * Event, renamed per API: an Event written through either reads through both), selected by field
 * in each API's own words (and the other's refused), and watched without bookmarks, since
 * kube-apiserver keeps no watch cache for Events and only its watch cache sends them.
 */
class EventsConformanceTest extends Conformance {

    private static final TypeReference<ObjectList<EventObject>> LIST = new TypeReference<>() { };

    /** A legacy Event as the Job controller writes it (core v1), and a repeated one as the scheduler does (events.k8s.io/v1). */
    private static String twoEvents(ApiSide side) throws Exception {
        String ns = side.namespace("events-both");
        assertEquals(null, ClusterEvents.record(side.rest(), new ClusterEvents.Regarding("batch/v1", "Job", ns, "train", null),
                "FlightdeckResume", "Resume", "resumed from step 4200", false, "sre", Instant.parse("2026-11-24T04:00:00Z")));
        side.create(ApiPath.of(ApiResource.EVENTS_CORE).in(ns).toString(), object("metadata", Map.of("name", "train.counted"),
                "count", 3, "type", "Warning", "reason", "BackoffLimitExceeded",
                "message", "Job has reached the specified backoff limit", "source", Map.of("component", "job-controller"),
                "firstTimestamp", "2026-11-24T03:00:00Z", "lastTimestamp", "2026-11-24T03:30:00Z",
                "involvedObject", Map.of("apiVersion", "batch/v1", "kind", "Job", "namespace", ns, "name", "train")));
        side.create(ApiPath.of(ApiResource.EVENTS).in(ns).toString(), object("apiVersion", "events.k8s.io/v1", "kind", "Event",
                "metadata", Map.of("name", "train-0.series"), "eventTime", "2026-11-24T04:00:00.000001Z",
                "series", Map.of("count", 7, "lastObservedTime", "2026-11-24T04:09:30.500000Z"),
                "reportingController", "default-scheduler", "reportingInstance", "default-scheduler-vm",
                "action", "Scheduling", "reason", "FailedScheduling", "type", "Warning",
                "note", "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
                "regarding", Map.of("apiVersion", "v1", "kind", "Pod", "namespace", ns, "name", "train-0")));
        return ns;
    }

    @Test
    void eventsAreServedThroughBothApisAndReadAlike() throws Exception {
        List<String> truth = same("the same Events through events.k8s.io/v1 and core v1", side -> {
            String ns = twoEvents(side);
            List<String> seen = new ArrayList<>();
            seen.add("discovery chooses " + EventApi.choose(side.endpoint()).qualifiedName());
            for (ApiResource api : List.of(ApiResource.EVENTS, ApiResource.EVENTS_CORE)) {
                KubeRest.Answer a = side.rest().get(ApiPath.of(api).in(ns));
                JsonNode list = a.json();
                seen.add(api.qualifiedName() + ": HTTP " + a.code() + " " + list.path("kind").asText() + " "
                        + list.path("apiVersion").asText());
                for (JsonNode item : list.path("items")) {
                    seen.add("  " + item.at("/metadata/name").asText().replaceAll("\\.flightdeck-.*", ".flightdeck-X")
                            + " fields " + fields(item));
                }
                for (EventObject e : a.as(LIST).items()) {
                    seen.add("  " + e.type() + " " + e.reason() + " about " + e.regarding().kind() + " " + e.regarding().name()
                            + " by " + e.reportingController() + " x" + e.count() + " " + e.firstSeen() + ".." + e.lastSeen()
                            + " note " + e.note());
                }
            }
            return seen;
        });
        assertEquals("discovery chooses events.events.k8s.io", truth.getFirst());
        System.out.println("events through both APIs:\n" + String.join("\n", truth));
    }

    @Test
    void fieldSelectorsSpeakEachApisWordsAndRefuseTheOthers() throws Exception {
        List<String> truth = same("field selectors on Events", side -> {
            String ns = twoEvents(side);
            List<String> seen = new ArrayList<>();
            Map<String, String> selectors = new LinkedHashMap<>();
            for (ApiResource api : List.of(ApiResource.EVENTS, ApiResource.EVENTS_CORE)) {
                String p = api.equals(ApiResource.EVENTS) ? "regarding." : "involvedObject.";
                selectors.put(api.qualifiedName() + " about the job", EventSelectors.about(api, ObjectReference.of("Job", ns, "train")));
                selectors.put(api.qualifiedName() + " about the pod, warnings",
                        EventSelectors.and(EventSelectors.about(api, ObjectReference.of("Pod", ns, "train-0")), EventSelectors.warnings()));
                selectors.put(api.qualifiedName() + " not warnings", "type!=Warning");
                selectors.put(api.qualifiedName() + " by reason", "reason=BackoffLimitExceeded");
                selectors.put(api.qualifiedName() + " by reporter", (api.equals(ApiResource.EVENTS) ? "reportingController"
                        : "reportingComponent") + "=default-scheduler");
                selectors.put(api.qualifiedName() + " by another's word", (api.equals(ApiResource.EVENTS) ? "involvedObject" : "regarding")
                        + ".name=train");
                selectors.put(api.qualifiedName() + " by source", "source=job-controller");
                selectors.put(api.qualifiedName() + " by note", "note=x");
                selectors.put(api.qualifiedName() + " by uid", p + "uid=nope");
            }
            for (Map.Entry<String, String> s : selectors.entrySet()) {
                ApiResource api = s.getKey().startsWith("events.events") ? ApiResource.EVENTS : ApiResource.EVENTS_CORE;
                KubeRest.Answer a = side.rest().get(ApiPath.of(api).in(ns).param("fieldSelector", s.getValue()));
                seen.add(s.getKey() + ": " + (a.ok() ? a.as(LIST).items().stream().map(EventObject::reason).sorted().toList()
                        : "HTTP " + a.code() + " " + a.message()));
            }
            return seen;
        });
        System.out.println("field selectors on Events:\n" + String.join("\n", truth));
        assertEquals("events.events.k8s.io about the job: [BackoffLimitExceeded, FlightdeckResume]", truth.getFirst());
    }

    @Test
    void aWatchOfEventsCarriesNoBookmarksAndSpeaksItsApi() throws Exception {
        List<String> truth = same("a watch of Events with bookmarks allowed", side -> {
            String ns = side.namespace("events-watch");
            List<String> seen = new ArrayList<>();
            for (ApiResource api : List.of(ApiResource.EVENTS, ApiResource.EVENTS_CORE)) {
                ApiPath path = ApiPath.of(api).in(ns);
                String rv = side.rest().get(path.param("limit", 1)).json().at("/metadata/resourceVersion").asText();
                ClusterEvents.record(side.rest(), new ClusterEvents.Regarding("v1", "Pod", ns, "p-" + api.group().length(), null),
                        "FlightdeckDrain", "Drain", "evicted", true, "sre", Instant.parse("2026-11-24T04:00:00Z"));
                for (WatchStream.Event e : WatchStream.read(side, path.param("watch", 1).param("allowWatchBookmarks", true)
                        .param("timeoutSeconds", 4).param("resourceVersion", rv).toString(), 4)) {
                    seen.add(api.qualifiedName() + ": " + e.type() + " " + e.object().path("apiVersion").asText() + " about "
                            + e.object().path(api.equals(ApiResource.EVENTS) ? "regarding" : "involvedObject").path("name").asText());
                }
            }
            return seen;
        });
        assertEquals(List.of("events.events.k8s.io: ADDED events.k8s.io/v1 about p-13", "events: ADDED v1 about p-0"), truth,
                "each watch gets the one Event made after its resourceVersion, in its API's shape, and no BOOKMARK");
    }

    private static TreeSet<String> fields(JsonNode item) {
        TreeSet<String> names = new TreeSet<>();
        item.fieldNames().forEachRemaining(names::add);
        // The real server leaves kind and apiVersion out of a list's items; the sandbox keeps them in every
        // list (the console reads neither): not what this scenario compares.
        names.remove("kind");
        names.remove("apiVersion");
        return names;
    }

    /** A JSON object from key, value, key, value … in that order. */
    private static Map<String, Object> object(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
