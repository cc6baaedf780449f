package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.KubeRest;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * LIST as the console's informers and plans use it: pages of {@code limit} linked by
 * {@code continue} (one resourceVersion for the whole list), an expired token answering 410,
 * label selectors in every form, and the field selectors on pods ({@code spec.nodeName} for
 * drains, {@code metadata.name}, {@code status.phase}), including the refusal of one that is not
 * supported.
 */
class ListConformanceTest extends Conformance {

    /** What one paged LIST showed: names per page, and how each page's metadata read. */
    record Pages(List<List<String>> names, List<Boolean> hasContinue, List<Long> remaining, boolean oneVersion) {
    }

    private static Pages pages(ApiSide side, String path, int limit) throws Exception {
        List<List<String>> names = new ArrayList<>();
        List<Boolean> more = new ArrayList<>();
        List<Long> remaining = new ArrayList<>();
        List<String> versions = new ArrayList<>();
        String cont = "";
        do {
            KubeRest.Answer a = side.rest().get(path + (path.contains("?") ? "&" : "?") + "limit=" + limit
                    + (cont.isEmpty() ? "" : "&continue=" + enc(cont)));
            assertEquals(200, a.code(), side.name() + ": " + a.message());
            JsonNode list = a.json();
            names.add(list.path("items").valueStream().map(i -> i.at("/metadata/name").asText()).toList());
            cont = list.at("/metadata/continue").asText("");
            more.add(!cont.isEmpty());
            remaining.add(list.at("/metadata/remainingItemCount").asLong(-1));
            versions.add(list.at("/metadata/resourceVersion").asText());
        } while (!cont.isEmpty());
        return new Pages(names, more, remaining, versions.stream().distinct().count() == 1);
    }

    private static String podsIn(ApiSide side, int count) throws Exception {
        String ns = side.namespace("list");
        for (int i = 0; i < count; i++) {
            side.create("/api/v1/namespaces/" + ns + "/pods", pod("p-" + i, null, Map.of("app", "x")));
        }
        return ns;
    }

    @Test
    void pagedListFollowsContinueTokensAtOneResourceVersion() throws Exception {
        Pages truth = same("LIST limit=3 over 7 pods", side -> pages(side, "/api/v1/namespaces/" + podsIn(side, 7) + "/pods", 3));
        assertEquals(List.of(List.of("p-0", "p-1", "p-2"), List.of("p-3", "p-4", "p-5"), List.of("p-6")), truth.names());
        assertEquals(List.of(true, true, false), truth.hasContinue());
        assertEquals(List.of(4L, 1L, -1L), truth.remaining(), "remainingItemCount on every page but the last");
        assertTrue(truth.oneVersion(), "every page carries the first page's resourceVersion");
    }

    /**
     * A LIST with resourceVersion=0 is served by kube-apiserver 1.32's watch cache, which ignores {@code limit}: one
     * answer holding every object, no continue token. The console lists nodes this way first (from memory, not a
     * paged read of etcd), so what a 7,500-node first screen costs rests on this.
     */
    @Test
    void aListFromTheWatchCacheIgnoresTheLimitAndComesWhole() throws Exception {
        Pages truth = same("LIST limit=3&resourceVersion=0 over 7 pods", side ->
                pages(side, "/api/v1/namespaces/" + podsIn(side, 7) + "/pods?resourceVersion=0", 3));
        assertEquals(List.of(List.of("p-0", "p-1", "p-2", "p-3", "p-4", "p-5", "p-6")), truth.names());
        assertEquals(List.of(false), truth.hasContinue());
    }

    @Test
    void aPagedListWithALabelSelectorGivesNoRemainingCount() throws Exception {
        Pages truth = same("LIST limit=2 with labelSelector", side ->
                pages(side, "/api/v1/namespaces/" + podsIn(side, 3) + "/pods?labelSelector=app%3Dx", 2));
        assertEquals(List.of(-1L, -1L), truth.remaining());
    }

    /**
     * The real server serves a snapshot: a pod created after the first page is not in the later
     * pages. The sandbox serves later pages live. Both hand out the first page's resourceVersion,
     * so a watch from it brings the new pod either way, and the informer's upsert makes seeing
     * it twice harmless.
     */
    @Test
    void aPodCreatedBetweenPagesReachesTheWatchFromTheListVersion() throws Exception {
        Scenario<List<String>> scenario = side -> {
            String ns = podsIn(side, 3);
            JsonNode first = side.rest().get("/api/v1/namespaces/" + ns + "/pods?limit=2").json();
            side.create("/api/v1/namespaces/" + ns + "/pods", pod("p-9", null, Map.of("app", "x")));
            JsonNode second = side.rest().get("/api/v1/namespaces/" + ns + "/pods?limit=2&continue="
                    + enc(first.at("/metadata/continue").asText())).json();
            List<String> seen = new ArrayList<>(second.path("items").valueStream().map(i -> i.at("/metadata/name").asText()).toList());
            for (WatchStream.Event e : WatchStream.read(side, "/api/v1/namespaces/" + ns + "/pods?watch=1&timeoutSeconds=2&resourceVersion="
                    + first.at("/metadata/resourceVersion").asText(), 2)) {
                seen.add("watch " + e.type() + " " + e.name());
            }
            return seen;
        };
        deliberately("a pod created between LIST pages", "the sandbox pages live, not from a snapshot; the watch from the"
                        + " list's resourceVersion delivers the pod on both", scenario,
                List.of("p-2", "watch ADDED p-9"), List.of("p-2", "p-9", "watch ADDED p-9"));
    }

    @Test
    void aContinueTokenFromBeforeCompactionAnswers410Expired() throws Exception {
        Refusal truth = same("LIST continue after compaction", side -> {
            String ns = podsIn(side, 3);
            String cont = side.rest().get("/api/v1/namespaces/" + ns + "/pods?limit=1").json().at("/metadata/continue").asText();
            side.forgetHistory();
            return Refusal.of(side.rest().get("/api/v1/namespaces/" + ns + "/pods?limit=1&continue=" + enc(cont)));
        });
        assertEquals(410, truth.code());
        assertEquals("Expired", truth.reason());
    }

    @Test
    void labelSelectorsInEveryFormSelectTheSamePods() throws Exception {
        List<String> selectors = List.of("app=train", "app==train", "app!=train", "app in (train,eval)", "app notin (train)",
                "tier", "!tier", "app=train,tier=gpu", "app in (eval),!tier", "app");
        Map<String, List<String>> truth = same("label selectors", side -> {
            String ns = side.namespace("labels");
            side.create("/api/v1/namespaces/" + ns + "/pods", pod("a", null, Map.of("app", "train", "tier", "gpu")));
            side.create("/api/v1/namespaces/" + ns + "/pods", pod("b", null, Map.of("app", "train")));
            side.create("/api/v1/namespaces/" + ns + "/pods", pod("c", null, Map.of("app", "eval", "tier", "cpu")));
            side.create("/api/v1/namespaces/" + ns + "/pods", pod("d", null, Map.of()));
            Map<String, List<String>> out = new LinkedHashMap<>();
            for (String s : selectors) {
                out.put(s, names(side.rest().get("/api/v1/namespaces/" + ns + "/pods?labelSelector=" + enc(s))));
            }
            out.put("app in (", List.of("HTTP " + side.rest().get("/api/v1/namespaces/" + ns + "/pods?labelSelector="
                    + enc("app in (")).code()));
            return out;
        });
        assertEquals(List.of("a", "b"), truth.get("app=train"));
        assertEquals(List.of("c", "d"), truth.get("app notin (train)"), "notin also matches pods without the label");
    }

    @Test
    void podFieldSelectorsSelectByNodeNamePhaseAndName() throws Exception {
        Map<String, List<String>> truth = same("pod field selectors", side -> {
            String ns = side.namespace("fields");
            String node = side.idleNode("fields-node");
            side.create("/api/v1/namespaces/" + ns + "/pods", pod("on-1", node, Map.of()));
            side.create("/api/v1/namespaces/" + ns + "/pods", pod("on-2", node, Map.of()));
            side.create("/api/v1/namespaces/" + ns + "/pods", pod("unbound", null, Map.of()));
            Map<String, List<String>> out = new LinkedHashMap<>();
            for (String f : List.of("spec.nodeName=" + node, "spec.nodeName==" + node, "spec.nodeName!=" + node,
                    "spec.nodeName=", "metadata.name=on-2", "status.phase=Pending", "status.phase!=Pending",
                    "spec.nodeName=" + node + ",metadata.name!=on-1")) {
                out.put(f.replace(node, "NODE"), names(side.rest().get("/api/v1/namespaces/" + ns + "/pods?fieldSelector=" + enc(f))));
            }
            Refusal unsupported = Refusal.of(side.rest().get("/api/v1/namespaces/" + ns + "/pods?fieldSelector="
                    + enc("spec.foo=bar")));
            out.put("spec.foo=bar", List.of(unsupported.code() + " " + unsupported.reason() + " " + unsupported.message()));
            return out;
        });
        assertEquals(List.of("on-1", "on-2"), truth.get("spec.nodeName=NODE"));
        assertEquals(List.of("unbound"), truth.get("spec.nodeName="));
        assertEquals(List.of("on-1", "on-2", "unbound"), truth.get("status.phase=Pending"), "a new pod is Pending");
    }

    @Test
    void aNewPodIsPendingAndTheServerFillsItsIdentity() throws Exception {
        List<String> truth = same("a created pod as the server returns it", side -> {
            String ns = side.namespace("create");
            JsonNode p = side.create("/api/v1/namespaces/" + ns + "/pods", pod("new", null, Map.of()));
            return List.of(p.at("/status/phase").asText(), String.valueOf(p.at("/metadata/uid").asText().length()),
                    String.valueOf(p.at("/metadata/resourceVersion").asText().matches("\\d+")),
                    String.valueOf(p.at("/metadata/creationTimestamp").asText().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ")),
                    p.path("kind").asText(), p.path("apiVersion").asText());
        });
        assertEquals(List.of("Pending", "36", "true", "true", "Pod", "v1"), truth);
    }

    static List<String> names(KubeRest.Answer a) throws Exception {
        if (!a.ok()) {
            return List.of("HTTP " + a.code());
        }
        return a.json().path("items").valueStream().map(i -> i.at("/metadata/name").asText()).sorted().toList();
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
