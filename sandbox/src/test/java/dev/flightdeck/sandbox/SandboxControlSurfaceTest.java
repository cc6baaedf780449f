package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.sandbox.metrics.Episode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console and a drill drive a sandbox's simulated agents over HTTP: every sandbox its pressure
 * episodes, a drill's also its gangs, trainers, validations and object store, and reads its requests
 * back as an audit log.
 */
class SandboxControlSurfaceTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static SandboxCluster sandbox;

    @BeforeAll
    static void start() {
        sandbox = SandboxCluster.startForDrill(4);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void seedsTheGangsOnceWithTheirCheckpoints() throws Exception {
        Instant saved = Instant.now().minus(Duration.ofMinutes(7)).truncatedTo(ChronoUnit.SECONDS);
        String gangs = "{\"gangs\":[{\"namespace\":\"training\",\"name\":\"surface-gang\",\"ranks\":4,\"gpusPerRank\":8,"
                + "\"checkpointEvery\":\"PT30M\",\"lastCheckpoint\":\"" + saved + "\",\"step\":1400}]}";
        assertEquals(201, call("POST", "/gangs", gangs).statusCode());
        assertEquals(4, sandbox.store().list("pods", "training",
                labels -> "surface-gang".equals(labels.get("batch.kubernetes.io/job-name"))).size());
        assertEquals(409, call("POST", "/gangs", gangs).statusCode(), "a second seeding would stack ranks on the same GPUs");

        JsonNode newest = json(call("GET", "/trainers/training/surface-gang/newest", null), 200);
        assertEquals(1400, newest.path("step").asLong());
        assertEquals(saved, Instant.parse(newest.path("at").asText()));
        assertTrue(newest.path("uri").asText().startsWith("s3://"), newest.toString());

        // Every save since before the last one never completed: the newest complete checkpoint is an older one.
        assertEquals(200, call("POST", "/trainers/training/surface-gang/stop",
                "{\"since\":\"" + saved.minusSeconds(1) + "\"}").statusCode());
        assertTrue(json(call("GET", "/trainers/training/surface-gang/newest", null), 200).path("step").asLong() < 1400);
        assertEquals(404, call("GET", "/trainers/training/no-such-gang/newest", null).statusCode());
    }

    @Test
    void throwsTheSwitchesOfAgentsWithoutAnApi() throws Exception {
        assertEquals(200, call("PUT", "/episodes/APF_429_STORM", "{\"on\":true}").statusCode());
        assertTrue(sandbox.pressure().isActive(Episode.APF_429_STORM));
        JsonNode storm = json(call("GET", "/episodes", null), 200).path("episodes").get(0);
        assertEquals("APF_429_STORM", storm.path("name").asText());
        assertEquals("APF 429 storm on workload-low", storm.path("title").asText());
        assertTrue(storm.path("on").asBoolean());
        assertEquals(200, call("PUT", "/episodes/APF_429_STORM", "{\"on\":false}").statusCode());
        assertFalse(sandbox.pressure().isActive(Episode.APF_429_STORM));

        assertEquals(200, call("PUT", "/object-storage", "{\"reachable\":false}").statusCode());
        HttpRequest list = HttpRequest.newBuilder(sandbox.objectStorageEndpoint().resolve("/" + SandboxS3Server.BUCKET + "?list-type=2"))
                .timeout(Duration.ofSeconds(5)).build();
        assertThrows(IOException.class, () -> HTTP.send(list, HttpResponse.BodyHandlers.ofString()));
        assertEquals(200, call("PUT", "/object-storage", "{\"reachable\":true}").statusCode());
        assertTrue(HTTP.send(list, HttpResponse.BodyHandlers.ofString()).statusCode() > 0, "answers again");

        assertEquals(200, call("POST", "/preflight-failures", "{\"node\":\"any-node\",\"detail\":\"dcgmi diag: PCIe\"}")
                .statusCode());
        assertEquals(200, call("PUT", "/trainers/pace", "{\"pace\":10,\"now\":\"" + Instant.now() + "\"}").statusCode());
    }

    @Test
    void saysWhatIsWrongWithARequest() throws Exception {
        JsonNode notANumber = json(call("PUT", "/trainers/pace", "{\"pace\":\"fast\",\"now\":\"" + Instant.now() + "\"}"), 400);
        assertEquals("pace must be a number", notANumber.path("message").asText());
        assertEquals("the request body is not a JSON object", json(call("PUT", "/episodes/EVENT_FLOOD", "[]"), 400)
                .path("message").asText());
        assertTrue(json(call("PUT", "/episodes/QUAKE", "{\"on\":true}"), 400).path("message").asText()
                .startsWith("no episode QUAKE; the sandbox has [APF_429_STORM, "));
        assertEquals("since must be an RFC 3339 time, not yesterday", json(call("POST", "/trainers/training/x/stop",
                "{\"since\":\"yesterday\"}"), 400).path("message").asText());
        assertEquals(404, call("DELETE", "/gangs", null).statusCode());
        try (SandboxCluster demo = SandboxCluster.startQuiet(2)) {
            String root = demo.url() + SandboxControlSurface.ROOT;
            JsonNode what = SandboxJson.MAPPER.readTree(HTTP.send(HttpRequest.newBuilder(URI.create(root)).build(),
                    HttpResponse.BodyHandlers.ofString()).body());
            assertFalse(what.path("drill").asBoolean(true));
            assertEquals(4, SandboxJson.MAPPER.readTree(HTTP.send(HttpRequest.newBuilder(URI.create(root + "/episodes"))
                    .build(), HttpResponse.BodyHandlers.ofString()).body()).path("episodes").size());
            HttpResponse<String> audit = HTTP.send(HttpRequest.newBuilder(URI.create(root + "/audit?from=0")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(404, audit.statusCode(), "only a drill's sandbox keeps an audit");
            assertTrue(audit.body().contains("it was not started for a drill"), audit.body());
        }
    }

    @Test
    void keepsTheApiRequestsAsAnAuditLogReadInPages() throws Exception {
        HttpResponse<String> read = HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.url() + "/api/v1/nodes/system-node-0"))
                .header("User-Agent", "kubectl/v1.32.13 (linux/amd64)").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, read.statusCode());

        JsonNode all = json(call("GET", "/audit?from=0", null), 200);
        assertEquals(0, all.path("lost").asLong());
        JsonNode seen = null;
        for (JsonNode r : all.path("requests")) {
            assertFalse(r.path("path").asText().startsWith("/flightdeck-sandbox/"), "the surface's own requests are not the cluster's");
            if (r.path("path").asText().equals("/api/v1/nodes/system-node-0")) {
                seen = r;
            }
        }
        assertTrue(seen != null, all.toString());
        assertEquals("GET", seen.path("method").asText());
        assertEquals("kubectl/v1.32.13 (linux/amd64)", seen.path("userAgent").asText());
        assertTrue(Instant.parse(seen.path("at").asText()).isAfter(Instant.now().minusSeconds(60)));

        JsonNode next = json(call("GET", "/audit?from=" + all.path("next").asLong(), null), 200);
        assertEquals(0, next.path("requests").size(), "a page after the last holds nothing new");
    }

    private static HttpResponse<String> call(String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(sandbox.url() + SandboxControlSurface.ROOT + path))
                .timeout(Duration.ofSeconds(10));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> r, int code) throws IOException {
        assertEquals(code, r.statusCode(), r.body());
        return SandboxJson.MAPPER.readTree(r.body());
    }
}
