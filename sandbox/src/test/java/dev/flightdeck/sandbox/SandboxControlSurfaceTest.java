package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.sandbox.metrics.Episode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console and a drill drive a sandbox's simulated agents over HTTP: every sandbox its pressure
 * episodes, a drill's also its gangs, trainers, validations and object store, and reads its requests
 * back as an audit log — only whoever started the sandbox, with its token, on its own loopback address.
 */
class SandboxControlSurfaceTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** {@code s}, its control token remembered for the secrets scan: these tests send it. */
    private static SandboxCluster remembered(SandboxCluster s) {
        dev.flightdeck.testkit.TestSecrets.remember(s.controlToken());
        return s;
    }
    private static SandboxCluster sandbox;

    @BeforeAll
    static void start() {
        sandbox = remembered(SandboxCluster.startForDrill(4));
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
        try (SandboxCluster demo = remembered(SandboxCluster.startQuiet(2))) {
            String token = demo.controlToken();
            JsonNode what = json(send(demo, "GET", "", null, token), 200);
            assertFalse(what.path("drill").asBoolean(true));
            assertEquals(4, json(send(demo, "GET", "/episodes", null, token), 200).path("episodes").size());
            HttpResponse<String> audit = send(demo, "GET", "/audit?from=0", null, token);
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

    @Test
    void switchesNothingForARequestWithoutTheStartersToken() throws Exception {
        String needed = "the sandbox's control surface needs the token its starter was given";
        HttpResponse<String> none = send(sandbox, "PUT", "/episodes/EVENT_FLOOD", "{\"on\":true}", null);
        JsonNode refused = json(none, 401);
        assertEquals("no X-Flightdeck-Sandbox-Token: " + needed, refused.path("message").asText());
        assertEquals("Unauthorized", refused.path("reason").asText());
        assertFalse(sandbox.pressure().isActive(Episode.EVENT_FLOOD), "a refused request switches nothing");

        String token = sandbox.controlToken();
        try (SandboxCluster other = remembered(SandboxCluster.startQuiet(1))) {
            assertFalse(token.equals(other.controlToken()), "every sandbox draws its own token");
            for (String wrong : new String[]{other.controlToken(), token.substring(1), token + "x", "Bearer " + token}) {
                assertEquals("a wrong X-Flightdeck-Sandbox-Token: " + needed,
                        json(send(sandbox, "PUT", "/episodes/EVENT_FLOOD", "{\"on\":true}", wrong), 401).path("message").asText());
                assertEquals(401, send(sandbox, "PUT", "/object-storage", "{\"reachable\":false}", wrong).statusCode());
                assertEquals(401, send(sandbox, "GET", "/audit?from=0", null, wrong).statusCode(), "nor is the audit read");
            }
        }
        assertFalse(sandbox.pressure().isActive(Episode.EVENT_FLOOD));
        HttpRequest list = HttpRequest.newBuilder(sandbox.objectStorageEndpoint().resolve("/" + SandboxS3Server.BUCKET
                + "?list-type=2")).timeout(Duration.ofSeconds(5)).build();
        // A cut store drops the connection (an IOException); this one still answers.
        assertTrue(HTTP.send(list, HttpResponse.BodyHandlers.ofString()).statusCode() > 0, "the object store was not cut");
        assertTrue(token.length() >= 43, "at least 256 random bits, base64: " + token.length() + " characters");

        assertEquals(200, call("PUT", "/episodes/EVENT_FLOOD", "{\"on\":true}").statusCode());
        assertTrue(sandbox.pressure().isActive(Episode.EVENT_FLOOD), "the starter's token switches it");
        assertEquals(200, call("PUT", "/episodes/EVENT_FLOOD", "{\"on\":false}").statusCode());
    }

    @Test
    void answersOnlyRequestsAddressedToItsOwnLoopbackPort() throws Exception {
        int port = URI.create(sandbox.url()).getPort();
        String token = sandbox.controlToken();
        for (String host : new String[]{"evil.example:" + port, "evil.example", "127.0.0.1:" + (port + 1), "127.0.0.1",
                "127.0.0.1.evil.example:" + port, "localhost.evil.example:" + port}) {
            String answer = raw(port, "PUT", "/episodes/SERVER_ERRORS_5XX", "Host: " + host, token, "{\"on\":true}");
            assertTrue(answer.startsWith("HTTP/1.1 403 "), host + ": " + answer);
            assertTrue(answer.contains("the sandbox's control surface answers only requests addressed to 127.0.0.1:" + port
                    + ", localhost:" + port + " or [::1]:" + port + ", not to " + host), answer);
            assertFalse(sandbox.pressure().isActive(Episode.SERVER_ERRORS_5XX), host + " switched nothing");
        }
        String noHost = raw(port, "HTTP/1.0", "PUT", "/episodes/SERVER_ERRORS_5XX", null, token, "{\"on\":true}");
        assertTrue(noHost.startsWith("HTTP/1.0 403 ") && noHost.contains("not to no host at all"), noHost);
        for (String host : new String[]{"127.0.0.1:" + port, "localhost:" + port, "LOCALHOST:" + port, "[::1]:" + port}) {
            assertTrue(raw(port, "GET", "/episodes", "Host: " + host, token, null).startsWith("HTTP/1.1 200 "), host);
        }
        assertFalse(sandbox.pressure().isActive(Episode.SERVER_ERRORS_5XX));
    }

    @Test
    void neverWritesItsTokenToALogOrTheConsole() throws Exception {
        Logger root = Logger.getLogger("");
        Level level = root.getLevel();
        StringBuffer logged = new StringBuffer();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logged.append(r.getLoggerName()).append(": ").append(new SimpleFormatter().formatMessage(r))
                        .append(r.getThrown() == null ? "" : " " + r.getThrown()).append('\n');
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        capture.setLevel(Level.ALL);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = System.out;
        PrintStream err = System.err;
        root.addHandler(capture);
        root.setLevel(Level.ALL);
        System.setOut(new PrintStream(tee(out, printed), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(tee(err, printed), true, StandardCharsets.UTF_8));
        String token;
        StringBuilder answers = new StringBuilder();
        try (SandboxCluster drill = remembered(SandboxCluster.startForDrill(2))) {
            token = drill.controlToken();
            int port = URI.create(drill.url()).getPort();
            // The starter's requests, a stranger's, and one that repeats the token with a byte more.
            answers.append(send(drill, "PUT", "/episodes/EVENT_FLOOD", "{\"on\":true}", token).body());
            answers.append(send(drill, "PUT", "/episodes/EVENT_FLOOD", "{\"on\":false}", null).body());
            answers.append(send(drill, "PUT", "/episodes/EVENT_FLOOD", "{\"on\":false}", token + "x").body());
            answers.append(send(drill, "POST", "/gangs", "{not json", token).body());
            answers.append(raw(port, "PUT", "/object-storage", "Host: evil.example:" + port, token, "{\"reachable\":false}"));
            assertTrue(drill.pressure().isActive(Episode.EVENT_FLOOD), "only the starter's request switched it");
            System.getLogger(SandboxCluster.class.getName()).log(System.Logger.Level.DEBUG, "capture check");
        } finally {
            System.setOut(out);
            System.setErr(err);
            root.removeHandler(capture);
            root.setLevel(level);
        }
        assertTrue(logged.toString().contains("capture check"), "the sandbox's logger is heard: " + logged.length());
        // Say where, never the token itself: the failure message is a test log too.
        assertFalse(logged.toString().contains(token), "the token is in the sandbox's log lines");
        assertFalse(printed.toString(StandardCharsets.UTF_8).contains(token), "the token is in what the sandbox printed");
        assertFalse(answers.toString().contains(token), "the token is in an answer of the control surface");
        assertTrue(answers.toString().contains("a wrong X-Flightdeck-Sandbox-Token"), "the answers were read");
    }

    /** Writes to both. */
    private static OutputStream tee(OutputStream a, OutputStream b) {
        return new OutputStream() {
            @Override
            public synchronized void write(int c) throws IOException {
                a.write(c);
                b.write(c);
            }

            @Override
            public synchronized void write(byte[] buf, int off, int len) throws IOException {
                a.write(buf, off, len);
                b.write(buf, off, len);
            }
        };
    }

    /** {@code method path} on the drill sandbox's control surface, as its starter: with its token. */
    private static HttpResponse<String> call(String method, String path, String body) throws Exception {
        return send(sandbox, method, path, body, sandbox.controlToken());
    }

    static HttpResponse<String> send(SandboxCluster on, String method, String path, String body, String token)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(on.url() + SandboxControlSurface.ROOT + path))
                .timeout(Duration.ofSeconds(10));
        if (token != null) {
            b.header(SandboxCluster.CONTROL_TOKEN_HEADER, token);
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A request written by hand on a socket, to send the Host headers a browser could (HTTP/1.1 unless said). */
    static String raw(int port, String method, String path, String hostLine, String token, String body) throws IOException {
        return raw(port, "HTTP/1.1", method, path, hostLine, token, body);
    }

    static String raw(int port, String version, String method, String path, String hostLine, String token, String body)
            throws IOException {
        return rawRequest(port, version, method, SandboxControlSurface.ROOT + path, hostLine, token, body);
    }

    /** As {@link #raw}, to any path on the server. */
    static String rawRequest(int port, String version, String method, String path, String hostLine, String token,
                             String body) throws IOException {
        byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder(method + " " + path + " " + version + "\r\n");
        if (hostLine != null) {
            head.append(hostLine).append("\r\n");
        }
        if (token != null) {
            head.append(SandboxCluster.CONTROL_TOKEN_HEADER).append(": ").append(token).append("\r\n");
        }
        head.append("Content-Type: application/json\r\nContent-Length: ").append(content.length)
                .append("\r\nConnection: close\r\n\r\n");
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(content);
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static JsonNode json(HttpResponse<String> r, int code) throws IOException {
        assertEquals(code, r.statusCode(), r.body());
        return SandboxJson.MAPPER.readTree(r.body());
    }
}
