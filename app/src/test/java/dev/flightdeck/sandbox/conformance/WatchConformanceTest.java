package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static dev.flightdeck.sandbox.conformance.ListConformanceTest.enc;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WATCH as the console's informers use it: from the LIST's resourceVersion with bookmarks and a
 * timeout, every change in order; a bookmark's shape; the stream ended by the server after
 * {@code timeoutSeconds}; a resourceVersion from before compaction answered with an ERROR event
 * carrying 410; and a selector watch telling a watcher when an object leaves its selection.
 */
class WatchConformanceTest extends Conformance {

    private static String listVersion(ApiSide side, String path) throws Exception {
        return side.rest().get(path + "?limit=1").json().at("/metadata/resourceVersion").asText();
    }

    /** Opens the watch, makes the changes once the server has answered it, and returns what it delivered. */
    private static WatchStream.Result during(ApiSide side, ApiPath watch, Scenario<Void> changes) throws Exception {
        try (WatchStream.Open open = WatchStream.opened(side, watch)) {
            changes.run(side);
            return open.toEnd();
        }
    }

    @Test
    void aWatchFromTheListVersionDeliversEveryChangeInOrder() throws Exception {
        List<String> truth = same("watch from the LIST's resourceVersion", side -> {
            String ns = side.namespace("watch");
            String path = "/api/v1/namespaces/" + ns + "/pods";
            String rv = listVersion(side, path);
            side.create(path, pod("a", null, Map.of("app", "x")));
            side.rest().mergePatch(path + "/a", Map.of("metadata", Map.of("labels", Map.of("step", "2"))));
            side.create(path, pod("b", null, Map.of()));
            var deleted = side.rest().delete(path + "/a", Map.of());
            assertTrue(deleted.ok(), side.name() + ": DELETE answered " + deleted.code() + ": " + deleted.message());
            List<String> seen = new ArrayList<>();
            long last = Long.parseLong(rv);
            boolean increasing = true;
            for (WatchStream.Event e : WatchStream.read(side, path + "?watch=1&allowWatchBookmarks=true&timeoutSeconds=2"
                    + "&resourceVersion=" + rv, 2)) {
                long v = e.object().at("/metadata/resourceVersion").asLong();
                increasing &= v > last;
                last = v;
                seen.add(e.type() + " " + e.name() + (e.type().equals("MODIFIED") ? " step=" + e.object().at("/metadata/labels/step")
                        .asText() : ""));
            }
            seen.add("resourceVersions increase: " + increasing);
            return seen;
        });
        assertEquals(List.of("ADDED a", "MODIFIED a step=2", "ADDED b", "MODIFIED a step=2", "DELETED a",
                "resourceVersions increase: true"), truth, "a pod's deletion is first a MODIFIED carrying deletionTimestamp");
    }

    @Test
    void theServerEndsTheWatchAfterTimeoutSecondsWithABookmarkOfOnlyAResourceVersion() throws Exception {
        List<String> truth = same("bookmark and timeoutSeconds", side -> {
            String ns = side.namespace("bookmark");
            String path = "/api/v1/namespaces/" + ns + "/pods";
            String rv = listVersion(side, path);
            WatchStream.Result r = during(side, ApiPath.of(ApiResource.PODS).in(ns).param("watch", 1)
                            .param("allowWatchBookmarks", true).param("timeoutSeconds", 6).param("resourceVersion", rv),
                    s -> {
                        s.create(path, pod("a", null, Map.of()));
                        return null;
                    });
            // How many bookmarks, and the zero-valued spec/status the real server puts beside the
            // resourceVersion, are not compared: clients read only metadata.resourceVersion.
            java.util.Set<String> out = new java.util.LinkedHashSet<>();
            for (WatchStream.Event e : r.events()) {
                if (e.type().equals("BOOKMARK")) {
                    JsonNode o = e.object();
                    out.add("BOOKMARK " + o.path("kind").asText() + " " + o.path("apiVersion").asText() + " metadata "
                            + new TreeSet<>(o.path("metadata").propertyStream().map(Map.Entry::getKey).toList())
                            + " not older than the event: " + (o.at("/metadata/resourceVersion").asLong()
                            >= r.events().getFirst().object().at("/metadata/resourceVersion").asLong()));
                } else {
                    out.add(e.type() + " " + e.name());
                }
            }
            out.add("ended after ~" + Math.round(r.millis() / 1000.0) + " s");
            return List.copyOf(out);
        });
        assertEquals("ADDED a", truth.getFirst());
        assertTrue(truth.stream().anyMatch(l -> l.startsWith("BOOKMARK")), "a bookmark before the end: " + truth);
        assertEquals("ended after ~6 s", truth.getLast());
    }

    @Test
    void aWatchFromBeforeCompactionIsAnErrorEventWith410() throws Exception {
        List<String> truth = same("watch from a compacted resourceVersion", side -> {
            String ns = side.namespace("gone");
            String path = "/api/v1/namespaces/" + ns + "/pods";
            side.create(path, pod("a", null, Map.of()));
            String rv = listVersion(side, path);
            side.create(path, pod("b", null, Map.of()));
            side.forgetHistory();
            WatchStream.Result r = WatchStream.open(side, path + "?watch=1&allowWatchBookmarks=true&timeoutSeconds=3&resourceVersion=" + rv);
            List<String> out = new ArrayList<>(List.of("HTTP " + r.status()));
            for (WatchStream.Event e : r.events()) {
                out.add(e.type() + " " + e.name() + " " + e.object().path("status").asText() + " "
                        + e.object().path("message").asText().replaceAll("\\d+", "N"));
            }
            return out;
        });
        assertEquals(List.of("HTTP 200", "ERROR 410 Expired Failure too old resource version: N (N)"), truth);
    }

    @Test
    void aLabelSelectorWatchSeesAnObjectLeaveAndEnterItsSelection() throws Exception {
        List<String> truth = same("selector watch as objects leave and enter", side -> {
            String ns = side.namespace("select");
            String path = "/api/v1/namespaces/" + ns + "/pods";
            side.create(path, pod("a", null, Map.of("role", "rank")));
            side.create(path, pod("b", null, Map.of("role", "other")));
            String rv = listVersion(side, path);
            side.rest().mergePatch(path + "/a", Map.of("metadata", Map.of("labels", Map.of("role", "other"))));
            side.rest().mergePatch(path + "/b", Map.of("metadata", Map.of("labels", Map.of("role", "rank"))));
            List<String> seen = new ArrayList<>();
            for (WatchStream.Event e : WatchStream.read(side, path + "?watch=1&timeoutSeconds=2&labelSelector=" + enc("role=rank")
                    + "&resourceVersion=" + rv, 2)) {
                seen.add(e.type() + " " + e.name() + " role=" + e.object().at("/metadata/labels/role").asText());
            }
            return seen;
        });
        assertEquals(List.of("DELETED a role=rank", "ADDED b role=rank"), truth,
                "leaving the selection is a DELETED with the last matching state; entering it an ADDED");
    }
}
