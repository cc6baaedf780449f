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
 * A drill sandbox's control surface: the switches of its simulated agents that have no Kubernetes
 * API (the trainers' checkpoints, the preflight runner's verdict, the object store, the API server's
 * own pressure), its gangs, and its request audit, served as JSON over the sandbox's own HTTP port
 * under {@value #PREFIX}, so a drill drives a sandbox the way it drives any cluster: over the wire,
 * without linking to it. Its requests are neither audited nor counted as load on the API server.
 *
 * <pre>
 * GET  /flightdeck-sandbox/v1                                 what this is
 * POST /flightdeck-sandbox/v1/gangs                           {"gangs":[{namespace,name,ranks,gpusPerRank,
 *                                                               checkpointEvery (ISO-8601),lastCheckpoint,step}]}
 * PUT  /flightdeck-sandbox/v1/trainers/pace                   {"pace":10,"now":"2026-…Z"}
 * POST /flightdeck-sandbox/v1/trainers/NS/GANG/stop           {"since":"2026-…Z"}
 * GET  /flightdeck-sandbox/v1/trainers/NS/GANG/newest         {"step","uri","at"}, or 404 when none
 * POST /flightdeck-sandbox/v1/preflight-failures              {"node","detail"}: the node's next validation fails
 * PUT  /flightdeck-sandbox/v1/object-storage                  {"reachable":false}
 * PUT  /flightdeck-sandbox/v1/apf-storm                       {"on":true}
 * GET  /flightdeck-sandbox/v1/audit?from=N                    {"next","lost","requests":[{at,method,path,query,userAgent}]}
 * </pre>
 */
final class SandboxDrillSurface {

    static final String ROOT = "/flightdeck-sandbox/v1";
    static final String PREFIX = "/flightdeck-sandbox/";
    /** The most requests one audit page holds. */
    static final int AUDIT_PAGE = 5_000;

    /** An answer: a status code and a JSON body. */
    record Answer(int code, String json) { }

    private final SandboxCluster cluster;
    private final RequestAudit audit;
    private boolean seeded;

    SandboxDrillSurface(SandboxCluster cluster, RequestAudit audit) {
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
            return switch (method + " " + shape(p)) {
                case "GET " -> ok(SandboxJson.MAPPER.createObjectNode().put("kind", "DrillControlSurface")
                        .put("apiVersion", "flightdeck-sandbox/v1"));
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
                case "PUT apf-storm" -> {
                    if (bool(parse(body), "on")) {
                        cluster.pressure().startApfStorm("workload-low", "service-accounts");
                    } else {
                        cluster.pressure().stop(Episode.APF_429_STORM);
                    }
                    yield done();
                }
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
        return String.join("/", p);
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
        return new Answer(code, SandboxApiServer.statusJson(code, reason, message));
    }
}
