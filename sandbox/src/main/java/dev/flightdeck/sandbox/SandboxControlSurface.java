package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.sandbox.metrics.Episode;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * A sandbox's control surface: the switches of its simulated agents that have no Kubernetes API,
 * served as JSON over the sandbox's own HTTP port under {@value #PREFIX}, so the console and a drill
 * drive a sandbox the way they drive any cluster: over the wire, without linking to it. Every sandbox
 * offers its pressure episodes (the pressure screen's "Simulate" menu); a drill's sandbox also its
 * gangs, the trainers' checkpoints, the preflight runner's verdict, the object store and its request
 * audit. Its requests are neither audited nor counted as load on the API server. It answers only
 * whoever started the sandbox: each request is addressed to the server's own loopback address and
 * carries the sandbox's token ({@link SandboxControlGuard}; 403 or 401 before anything is switched).
 *
 * <pre>
 * GET  /flightdeck-sandbox/v1                                 what this is: {"kind","drill":true|false}
 * GET  /flightdeck-sandbox/v1/episodes                        {"episodes":[{"name","title","on"}]}
 * PUT  /flightdeck-sandbox/v1/episodes/NAME                   {"on":true}
 * drill sandboxes only:
 * POST /flightdeck-sandbox/v1/gangs                           {"gangs":[{namespace,name,ranks,gpusPerRank,
 *                                                               checkpointEvery (ISO-8601),lastCheckpoint,step}]}
 * PUT  /flightdeck-sandbox/v1/trainers/pace                   {"pace":10,"now":"2026-…Z"}
 * POST /flightdeck-sandbox/v1/trainers/NS/GANG/stop           {"since":"2026-…Z"}
 * GET  /flightdeck-sandbox/v1/trainers/NS/GANG/newest         {"step","uri","at"}, or 404 when none
 * POST /flightdeck-sandbox/v1/preflight-failures              {"node","detail"}: the node's next validation fails
 * PUT  /flightdeck-sandbox/v1/object-storage                  {"reachable":false}
 * POST /flightdeck-sandbox/v1/fabric/flaps                    {"node"}: the node's IB NIC flaps from now on; its ranks fail
 * POST /flightdeck-sandbox/v1/gpus/stalls                     {"namespace","gang"}: its running ranks stay Running, GPUs idle
 * POST /flightdeck-sandbox/v1/gpus/throttles                  {"node","gpu"}: SM clock far under its maximum, hot
 * POST /flightdeck-sandbox/v1/gpus/row-remap-failures         {"node","gpu"}: ROW_REMAP_FAILURE 1, uncorrectable rows
 * POST /flightdeck-sandbox/v1/gpus/double-bit-errors          {"node","gpu"}: one more double-bit volatile ECC error
 * POST /flightdeck-sandbox/v1/gpus/silent-exporters           {"node"}: the node's dcgm-exporter stops answering
 * GET  /flightdeck-sandbox/v1/audit?from=N                    {"next","lost","requests":[{at,method,path,query,userAgent}]}
 * </pre>
 */
final class SandboxControlSurface {

    static final String ROOT = "/flightdeck-sandbox/v1";
    static final String PREFIX = "/flightdeck-sandbox/";
    /** The most requests one audit page holds. */
    static final int AUDIT_PAGE = 5_000;

    /** An answer: a status code and a JSON body. */
    record Answer(int code, String json) { }

    private final SandboxCluster cluster;
    /** A drill sandbox's request audit; null on any other sandbox, which serves only its episodes. */
    private final RequestAudit audit;
    private boolean seeded;

    /** @param audit the drill's request audit, or null for a sandbox that is not a drill's */
    SandboxControlSurface(SandboxCluster cluster, RequestAudit audit) {
        this.cluster = cluster;
        this.audit = audit;
    }

    Answer handle(String method, String path, String from, byte[] body) {
        String rest = path.equals(ROOT) ? "" : path.startsWith(ROOT + "/") ? path.substring(ROOT.length() + 1) : null;
        if (rest == null) {
            return fail(404, "NotFound", "no such path on the drill's control surface: " + path);
        }
        try {
            String[] p = rest.isEmpty() ? new String[0] : rest.split("/");
            String call = method + " " + shape(p);
            switch (call) {
                case "GET " -> {
                    return ok(SandboxJson.MAPPER.createObjectNode().put("kind", "SandboxControlSurface")
                            .put("apiVersion", "flightdeck-sandbox/v1").put("drill", audit != null));
                }
                case "GET episodes" -> {
                    return episodes();
                }
                case "PUT episodes/*" -> {
                    Episode e = episode(p[1]);
                    if (bool(parse(body), "on")) {
                        cluster.pressure().start(e);
                    } else {
                        cluster.pressure().stop(e);
                    }
                    return done();
                }
                default -> {
                    if (audit == null) {
                        return fail(404, "NotFound", "no " + method + " " + path + " on this sandbox: it was not started "
                                + "for a drill");
                    }
                }
            }
            return switch (call) {
                case "POST gangs" -> gangs(parse(body));
                case "PUT trainers/pace" -> {
                    JsonNode b = parse(body);
                    cluster.trainers().pace(number(b, "pace"), instant(b, "now"));
                    yield done();
                }
                case "POST trainers/*/*/stop" -> {
                    cluster.trainers().stopCheckpointing(p[1], p[2], instant(parse(body), "since"));
                    yield done();
                }
                case "GET trainers/*/*/newest" -> newest(p[1], p[2]);
                case "POST preflight-failures" -> {
                    JsonNode b = parse(body);
                    cluster.preflightRuns().failNextOn(text(b, "node"), text(b, "detail"));
                    yield done();
                }
                case "PUT object-storage" -> {
                    cluster.setObjectStorageReachable(bool(parse(body), "reachable"));
                    yield done();
                }
                case "POST fabric/flaps" -> {
                    String node = text(parse(body), "node");
                    try {
                        cluster.store().get("nodes", null, node);
                    } catch (StoreException e) {
                        yield fail(404, "NotFound", "no node " + node + " in this sandbox");
                    }
                    Instant now = Instant.now();
                    cluster.fabric().flaps(node, now);
                    cluster.trainers().pass(now); // its ranks fail at once, not at the trainers' next pass
                    yield done();
                }
                case "POST gpus/stalls", "POST gpus/throttles", "POST gpus/row-remap-failures",
                     "POST gpus/double-bit-errors", "POST gpus/silent-exporters" -> gpuFault(p[1], parse(body));
                case "GET audit" -> audit(from);
                default -> fail(404, "NotFound", "no " + method + " " + path + " on the drill's control surface");
            };
        } catch (IllegalArgumentException | java.time.DateTimeException | IOException e) {
            return fail(400, "BadRequest", e.getMessage());
        }
    }

    /** The path with the names in it replaced by {@code *}, to switch on. */
    private static String shape(String[] p) {
        if (p.length == 4 && p[0].equals("trainers")) {
            return "trainers/*/*/" + p[3];
        }
        if (p.length == 2 && p[0].equals("episodes")) {
            return "episodes/*";
        }
        return String.join("/", p);
    }

    private Answer episodes() {
        ObjectNode out = SandboxJson.MAPPER.createObjectNode();
        ArrayNode list = out.putArray("episodes");
        for (Episode e : Episode.values()) {
            list.addObject().put("name", e.name()).put("title", e.title()).put("on", cluster.pressure().isActive(e));
        }
        return ok(out);
    }

    private static Episode episode(String name) {
        try {
            return Episode.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("no episode " + name + "; the sandbox has " + java.util.Arrays.toString(
                    Episode.values()));
        }
    }

    private synchronized Answer gangs(JsonNode b) {
        if (seeded) {
            return fail(409, "AlreadyExists", "the drill's gangs are already seeded");
        }
        List<SandboxCluster.DrillGang> gangs = new ArrayList<>();
        for (JsonNode g : b.path("gangs")) {
            gangs.add(new SandboxCluster.DrillGang(text(g, "namespace"), text(g, "name"), (int) number(g, "ranks"),
                    (int) number(g, "gpusPerRank"), Duration.parse(text(g, "checkpointEvery")), instant(g, "lastCheckpoint"),
                    (long) number(g, "step")));
        }
        cluster.seedDrillGangs(gangs);
        seeded = true;
        return new Answer(201, SandboxJson.MAPPER.createObjectNode().put("gangs", gangs.size()).toString());
    }

    /** A GPU fault only the exporters' metrics show ({@link SandboxGpuFaults}); 400 for a node or GPU it has not. */
    private Answer gpuFault(String kind, JsonNode b) {
        SandboxGpuFaults f = cluster.gpuFaults();
        switch (kind) {
            case "stalls" -> f.stallGang(text(b, "namespace"), text(b, "gang"));
            case "silent-exporters" -> f.silenceExporter(text(b, "node"));
            case "throttles" -> f.throttle(text(b, "node"), (int) number(b, "gpu"));
            case "row-remap-failures" -> f.failRowRemap(text(b, "node"), (int) number(b, "gpu"));
            default -> f.doubleBitError(text(b, "node"), (int) number(b, "gpu"));
        }
        return done();
    }

    private Answer newest(String namespace, String gang) {
        SandboxTrainers.Saved s = cluster.trainers().newestComplete(namespace, gang);
        if (s == null) {
            return fail(404, "NotFound", "no complete checkpoint of " + namespace + "/" + gang);
        }
        return ok(SandboxJson.MAPPER.createObjectNode().put("step", s.step()).put("uri", s.uri())
                .put("at", s.at().toString()));
    }

    private Answer audit(String from) {
        long start;
        try {
            start = from == null ? 0 : Long.parseLong(from);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("from must be a request number, not " + from);
        }
        RequestAudit.Page page = audit.from(start, AUDIT_PAGE);
        ObjectNode out = SandboxJson.MAPPER.createObjectNode().put("next", page.next()).put("lost", page.lost());
        ArrayNode requests = out.putArray("requests");
        for (SeenRequest r : page.requests()) {
            requests.addObject().put("at", r.at().toString()).put("method", r.method()).put("path", r.path())
                    .put("query", r.query()).put("userAgent", r.userAgent());
        }
        return ok(out);
    }

    private static JsonNode parse(byte[] body) throws IOException {
        JsonNode n = body.length == 0 ? null : SandboxJson.MAPPER.readTree(body);
        if (n == null || !n.isObject()) {
            throw new IllegalArgumentException("the request body is not a JSON object");
        }
        return n;
    }

    private static String text(JsonNode b, String field) {
        JsonNode v = b.path(field);
        if (!v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException(field + " must be a non-empty string");
        }
        return v.asText();
    }

    private static double number(JsonNode b, String field) {
        JsonNode v = b.path(field);
        if (!v.isNumber()) {
            throw new IllegalArgumentException(field + " must be a number");
        }
        return v.asDouble();
    }

    private static boolean bool(JsonNode b, String field) {
        JsonNode v = b.path(field);
        if (!v.isBoolean()) {
            throw new IllegalArgumentException(field + " must be true or false");
        }
        return v.asBoolean();
    }

    private static Instant instant(JsonNode b, String field) {
        try {
            return Instant.parse(text(b, field));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(field + " must be an RFC 3339 time, not " + b.path(field).asText());
        }
    }

    private static Answer ok(ObjectNode body) {
        return new Answer(200, body.toString());
    }

    private static Answer done() {
        return new Answer(200, "{}");
    }

    private static Answer fail(int code, String reason, String message) {
        return new Answer(code, ApiAnswers.statusJson(code, reason, message));
    }
}
