package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.sandbox.metrics.MetricsEndpoints;
import dev.flightdeck.sandbox.metrics.PlainResponse;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The sandbox's HTTP front: the subset of the kube-apiserver REST API the console
 * uses, over real HTTP on loopback. Served for real: LIST with limit/continue and
 * label/field selectors, WATCH with resourceVersion, bookmarks, timeoutSeconds and
 * 410 Gone, GET, POST, PUT, PATCH (JSON and merge), DELETE, /version and discovery.
 * Simulated: /metrics, /readyz and /livez (see {@link MetricsEndpoints}); gang controllers,
 * cascading deletes and admission denials a test asks for (see {@link SandboxWorkloadControllers});
 * Flightdeck's validation Jobs ({@link SandboxPreflightRuns}); pods' logs as the kubelet serves them, training ranks
 * with their steps and their failures ({@link SandboxPodLogs}); the pod proxy to the GPU nodes' dcgm-exporters
 * ({@link SandboxDcgmExporter}).
 * Not served: authentication, RBAC, real admission, APF, server-side apply. Every request must be addressed
 * to a loopback name (403 otherwise: a web page rebound to 127.0.0.1 reads and changes nothing), and the
 * sandbox's control surface also asks for its port and token ({@link SandboxControlGuard}). Built on
 * Vert.x (already on the class path through fabric8) instead of fabric8's mock
 * server, whose CRUD dispatcher slows quadratically past a few thousand objects.
 */
public final class SandboxApiServer implements AutoCloseable {

    private static final long BOOKMARK_MS = 60_000;

    private final ObjectStore store;
    private final SandboxCrds crds;
    private final MetricsEndpoints simulated;
    private final RequestCounters counters = new RequestCounters();
    private final SandboxRbac rbac = new SandboxRbac();
    private final java.util.List<java.util.function.Consumer<SeenRequest>> audit =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Vertx vertx;
    private HttpServer server;
    /** Simulated: the Eviction subresource with PDBs, and the Job controller's replacements. */
    private SandboxEvictions evictions;
    private java.util.concurrent.ScheduledExecutorService controllers;
    /** Simulated: admission, Job defaulting, gang controllers creating pods, cascading deletes. */
    private SandboxWorkloadControllers workloads;
    /** Simulated: validation Jobs run to an end and their pods' logs. */
    private SandboxPreflightRuns preflights;
    private SandboxPodLogs podLogs;
    private final SandboxFabric fabric;
    /** Simulated: the dcgm-exporter pods behind the pod proxy, and the drills' GPU faults they show. */
    private final SandboxGpuFaults gpuFaults;
    private SandboxDcgmExporter dcgm;
    /** The sandbox's control surface, outside the Kubernetes API. */
    private volatile SandboxControlSurface control;
    /** Who may use the control surface (made once the port is known). */
    private volatile SandboxControlGuard guard;

    public SandboxApiServer(ObjectStore store, MetricsEndpoints simulated, SandboxCrds crds) {
        this(store, simulated, crds, new SandboxFabric(), new SandboxGpuFaults(store));
    }

    /**
     * @param fabric    the hosts' NICs, whose failures show only in the ranks' logs
     * @param gpuFaults the GPU faults only the exporters' metrics show
     */
    SandboxApiServer(ObjectStore store, MetricsEndpoints simulated, SandboxCrds crds, SandboxFabric fabric,
                     SandboxGpuFaults gpuFaults) {
        this.store = store;
        this.fabric = fabric;
        this.gpuFaults = gpuFaults;
        this.crds = crds;
        this.simulated = simulated;
        this.vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2).setWorkerPoolSize(4)
                .setBlockedThreadCheckInterval(10).setBlockedThreadCheckIntervalUnit(TimeUnit.SECONDS));
    }

    /** Binds to 127.0.0.1 on a free port and returns the port. */
    public int start() {
        server = vertx.createHttpServer(new HttpServerOptions().setHost("127.0.0.1").setPort(0)
                .setCompressionSupported(false));
        server.requestHandler(this::handle);
        controllers = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform()
                .name("sandbox-controllers").daemon().unstarted(r));
        evictions = new SandboxEvictions(store, new SandboxJobController(store, controllers));
        SandboxDisruptionController disruption = new SandboxDisruptionController(store);
        controllers.scheduleWithFixedDelay(disruption::pass, 200, 1000, TimeUnit.MILLISECONDS);
        workloads = new SandboxWorkloadControllers(store, controllers);
        preflights = new SandboxPreflightRuns(store, workloads, controllers);
        podLogs = new SandboxPodLogs(store, preflights, fabric, gpuFaults);
        dcgm = new SandboxDcgmExporter(store, gpuFaults);
        int port;
        try {
            port = server.listen().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).actualPort();
        } catch (Exception e) {
            throw new IllegalStateException("sandbox API server could not start: " + e.getMessage(), e);
        }
        // Until the guard is made the control surface answers 403 to everyone (see route).
        guard = new SandboxControlGuard(port);
        return port;
    }

    /**
     * The token the control surface asks for ({@link SandboxControlGuard}): for whoever started the
     * sandbox, and nobody else. Never log, print or write it.
     */
    String controlToken() {
        return guard.token();
    }

    /** The simulated authorization answers (to deny a verb in a test or drill). */
    public SandboxRbac rbac() {
        return rbac;
    }

    public RequestCounters counters() {
        return counters;
    }

    public SandboxWorkloadControllers workloads() {
        return workloads;
    }

    /** The simulated runner of validation Jobs (available once started). */
    SandboxPreflightRuns preflights() {
        return preflights;
    }

    /** Serves the sandbox's control surface under {@link SandboxControlSurface#PREFIX}, behind its guard. */
    void control(SandboxControlSurface surface) {
        this.control = surface;
    }

    /**
     * Calls {@code listener} with every request to the Kubernetes API, on the server's thread: it must be
     * quick. (Requests to the drill's control surface are the drill's own, not the cluster's load.)
     */
    public void audit(java.util.function.Consumer<SeenRequest> listener) {
        audit.add(listener);
    }

    private void handle(HttpServerRequest req) {
        if (!audit.isEmpty() && !req.path().startsWith(SandboxControlSurface.PREFIX)) {
            String ua = req.getHeader("User-Agent");
            SeenRequest seen = new SeenRequest(java.time.Instant.now(), req.method().name(), req.path(), req.query(),
                    ua == null ? "" : ua);
            audit.forEach(a -> a.accept(seen));
        }
        Context ctx = vertx.getOrCreateContext();
        req.body().onSuccess(body -> vertx.executeBlocking(() -> {
            route(req, body, ctx);
            return null;
        }, false)).onFailure(e -> req.response().setStatusCode(400).end());
    }

    private void route(HttpServerRequest req, Buffer body, Context ctx) {
        String path = req.path();
        if (path.startsWith(SandboxControlSurface.PREFIX) || path.equals(SandboxControlSurface.ROOT)) {
            serveControl(req, body);
            return;
        }
        String refused = SandboxControlGuard.notLoopback(SandboxControlGuard.addressedTo(req));
        if (refused != null) {
            status(req.response(), 403, "Forbidden", refused);
            return;
        }
        switch (path) {
            case "/version", "/version/" -> json(req.response(), 200, Discovery.VERSION);
            case "/api" -> json(req.response(), 200, Discovery.CORE_VERSIONS);
            case "/api/v1" -> json(req.response(), 200, Discovery.coreResources(store.definitions()));
            case "/apis" -> json(req.response(), 200, Discovery.groups(servedDefinitions()));
            case "/healthz" -> req.response().putHeader("Content-Type", "text/plain").end("ok");
            case "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews" -> {
                try {
                    json(req.response(), 201, rbac.accessReview(parse(body)));
                } catch (IOException e) {
                    status(req.response(), 400, "BadRequest", "the request body is not a JSON object");
                }
            }
            case "/apis/authentication.k8s.io/v1/selfsubjectreviews" -> json(req.response(), 201, rbac.selfReview());
            case "/metrics" -> plain(req.response(), simulated.metrics());
            case "/readyz" -> plain(req.response(), simulated.readyz(req.params().contains("verbose")));
            case "/livez" -> plain(req.response(), simulated.livez(req.params().contains("verbose")));
            default -> {
                String[] parts = path.replaceAll("^/+|/+$", "").split("/");
                if (parts.length == 3 && parts[0].equals("apis")) {
                    String list = Discovery.resources(servedDefinitions(), parts[1] + "/" + parts[2], crds::names);
                    if (list == null) {
                        status(req.response(), 404, "NotFound", "the server could not find the requested resource");
                    } else {
                        json(req.response(), 200, list);
                    }
                } else {
                    resource(req, body, ctx);
                }
            }
        }
    }

    /** A request to the control surface: its guard's refusal, or the surface's answer (403 until both are made). */
    private void serveControl(HttpServerRequest req, Buffer body) {
        SandboxControlGuard g = guard;
        SandboxControlSurface surface = control;
        SandboxControlSurface.Answer a = g == null || surface == null
                ? new SandboxControlSurface.Answer(403, statusJson(403, "Forbidden", "the sandbox's control surface is not open yet"))
                : g.refuse(SandboxControlGuard.addressedTo(req), req.getHeader(SandboxControlGuard.HEADER));
        if (a == null) {
            a = surface.handle(req.method().name(), req.path(), req.getParam("from"), body.getBytes());
        }
        json(req.response(), a.code(), a.json());
    }

    /** The store's resources and the views over them (events.k8s.io/v1 Events are the core ones, renamed). */
    private java.util.List<String[]> servedDefinitions() {
        java.util.List<String[]> all = store.definitions();
        if (store.table("events") != null) {
            all.add(new String[] {EventShapes.TABLE, "Event", EventShapes.GROUP_VERSION});
        }
        return all;
    }

    /** The table a path reads: its own, or the core Events for events.k8s.io/v1. */
    private ResourceTable tableOf(ApiPath ap) {
        return ap == null ? null : store.table(eventsV1(ap) ? "events" : ap.table());
    }

    private static boolean eventsV1(ApiPath ap) {
        return ap.table().equals(EventShapes.TABLE) && ap.version().equals("v1");
    }

    private void resource(HttpServerRequest req, Buffer body, Context ctx) {
        ApiPath ap = ApiPath.parse(req.path());
        ResourceTable table = tableOf(ap);
        if (table == null) {
            status(req.response(), 404, "NotFound", "the server could not find the requested resource");
            return;
        }
        try {
            HttpMethod m = req.method();
            if (m == HttpMethod.GET && ap.name() == null) {
                if (isTrue(req.getParam("watch"))) {
                    watch(req, ap, table, ctx);
                } else {
                    list(req, ap, table);
                }
            } else if (m == HttpMethod.GET && "log".equals(ap.subresource()) && ap.table().equals("pods")) {
                counters.count("LOG", ap.table());
                SandboxPodLogs.Query q = SandboxPodLogs.Query.parse(req::getParam, java.time.Instant.now());
                if (q.follow()) {
                    SandboxLogFollow.start(vertx, req.response(), podLogs, ap.namespace(), ap.name(), q);
                } else {
                    plain(req.response(), podLogs.read(ap.namespace(), ap.name(), q));
                }
            } else if (m == HttpMethod.GET && "proxy".equals(ap.subresource()) && ap.table().equals("pods")) {
                counters.count("PROXY", ap.table());
                plain(req.response(), dcgm.proxy(ap.namespace(), ap.name(), SandboxDcgmExporter.proxiedPath(req.path()),
                        java.time.Instant.now()));
            } else if (eventsV1(ap)) {
                eventsV1(req, body, ap);
            } else if (m == HttpMethod.GET) {
                counters.count("GET", ap.table());
                object(req.response(), 200, store.get(ap.table(), ap.namespace(), ap.name()));
            } else if (m == HttpMethod.POST && "eviction".equals(ap.subresource()) && ap.table().equals("pods")) {
                counters.count("EVICT", ap.table());
                SandboxEvictions.Answer a = evictions.evict(ap.namespace(), ap.name());
                json(req.response(), a.code(), a.body());
            } else if (m == HttpMethod.POST && ap.name() == null && ap.table().equals(SandboxCrds.TABLE)) {
                counters.count("CREATE", ap.table());
                object(req.response(), 201, crds.install((ObjectNode) parse(body)));
            } else if (m == HttpMethod.DELETE && ap.name() != null && ap.table().equals(SandboxCrds.TABLE)) {
                counters.count("DELETE", ap.table());
                object(req.response(), 200, crds.uninstall(ap.name()));
            } else if (m == HttpMethod.POST && ap.name() == null) {
                counters.count("CREATE", ap.table());
                ObjectNode obj = (ObjectNode) parse(body);
                if (ap.namespace() != null) {
                    obj.with("metadata").put("namespace", ap.namespace());
                }
                if (ap.table().equals("events")) {
                    SandboxEventValidation.validate(obj, ap.namespace());
                    EventShapes.stored(obj);
                }
                object(req.response(), 201, workloads.create(ap.table(), obj));
            } else if (m == HttpMethod.PUT && ap.name() != null) {
                counters.count("UPDATE", ap.table());
                object(req.response(), 200, store.replace(ap.table(), ap.namespace(), ap.name(), (ObjectNode) parse(body),
                        ap.subresource()));
            } else if (m == HttpMethod.PATCH && ap.name() != null) {
                counters.count("PATCH", ap.table());
                object(req.response(), 200, store.patch(ap.table(), ap.namespace(), ap.name(),
                        req.getHeader("Content-Type"), parse(body), ap.subresource()));
            } else if (m == HttpMethod.DELETE && ap.name() != null) {
                counters.count("DELETE", ap.table());
                JsonNode options = body.length() == 0 ? SandboxJson.MAPPER.createObjectNode() : parse(body);
                if (ap.table().equals("pods") && ap.subresource() == null) {
                    // Simulated kubelet: the graceful step is taken and finished at once (no container to stop).
                    JsonNode grace = options.path("gracePeriodSeconds");
                    String query = req.getParam("gracePeriodSeconds");
                    Long requested = grace.isNumber() ? Long.valueOf(grace.asLong()) : query == null ? null : Long.valueOf(query);
                    store.beginGracefulDeletion(ap.namespace(), ap.name(), requested);
                }
                object(req.response(), 200, workloads.delete(ap.table(), ap.namespace(), ap.name(), options,
                        req.getParam("propagationPolicy")));
            } else {
                status(req.response(), 405, "MethodNotAllowed", "the server does not allow this method on the requested resource");
            }
        } catch (StoreException e) {
            status(req.response(), e.code(), e.reason(), e.getMessage());
        } catch (IOException | ClassCastException e) {
            status(req.response(), 400, "BadRequest", "the request body is not a JSON object");
        } catch (IllegalArgumentException e) {
            status(req.response(), 400, "BadRequest", e.getMessage());
        } catch (RuntimeException e) {
            // A bug in a simulation must answer, not leave the client waiting for its timeout.
            status(req.response(), 500, "InternalError", "sandbox: " + e);
        }
    }

    /**
     * GET, POST and DELETE of one events.k8s.io/v1 Event: the core Event renamed both ways. An update
     * (PUT, PATCH) through this API is not served: nothing the console talks to sends one here.
     */
    private void eventsV1(HttpServerRequest req, Buffer body, ApiPath ap) throws StoreException, IOException {
        HttpMethod m = req.method();
        if (m == HttpMethod.GET) {
            counters.count("GET", ap.table());
            v1Event(req.response(), 200, store.get("events", ap.namespace(), ap.name()));
        } else if (m == HttpMethod.POST && ap.name() == null) {
            counters.count("CREATE", ap.table());
            ObjectNode obj = EventShapes.toCore(parse(body));
            if (ap.namespace() != null) {
                obj.with("metadata").put("namespace", ap.namespace());
            }
            SandboxEventValidation.validate(obj, ap.namespace());
            v1Event(req.response(), 201, workloads.create("events", EventShapes.stored(obj)));
        } else if (m == HttpMethod.DELETE && ap.name() != null) {
            counters.count("DELETE", ap.table());
            JsonNode options = body.length() == 0 ? SandboxJson.MAPPER.createObjectNode() : parse(body);
            v1Event(req.response(), 200, workloads.delete("events", ap.namespace(), ap.name(), options, null));
        } else {
            status(req.response(), 405, "MethodNotAllowed", "the sandbox serves events.k8s.io/v1 Events for reading, "
                    + "creating and deleting only");
        }
    }

    private static void v1Event(HttpServerResponse resp, int code, ObjectNode core) throws IOException {
        resp.setStatusCode(code).putHeader("Content-Type", "application/json")
                .end(Buffer.buffer(EventShapes.toV1(SandboxJson.MAPPER.writeValueAsBytes(core))));
    }

    private void list(HttpServerRequest req, ApiPath ap, ResourceTable table) {
        counters.count("LIST", ap.table());
        String cont = req.getParam("continue");
        // As kube-apiserver 1.32: a LIST at resourceVersion=0 is served whole by its watch cache, limit ignored.
        boolean fromWatchCache = "0".equals(req.getParam("resourceVersion")) && (cont == null || cont.isEmpty());
        int limit = fromWatchCache ? 0 : parseInt(req.getParam("limit"));
        ContinueToken token = cont == null || cont.isEmpty() ? null : ContinueToken.decode(cont);
        if (token != null && token.rv() < table.compactedThrough()) {
            // As kube-apiserver after etcd compaction: 410 with a token that continues inconsistently.
            ObjectNode s = SandboxJson.MAPPER.createObjectNode();
            s.put("kind", "Status").put("apiVersion", "v1").putObject("metadata")
                    .put("continue", new ContinueToken(-1, token.after()).encode());
            s.put("status", "Failure").put("message", EXPIRED_CONTINUE).put("reason", "Expired").put("code", 410);
            json(req.response(), 410, s.toString());
            return;
        }
        // Every page reports the first page's resourceVersion; a watch from it replays whatever
        // changed while the pages were read (the sandbox pages live rather than from a snapshot).
        long rv = token == null || token.rv() < 0 ? store.revision() : token.rv();
        boolean selectors = notBlank(req.getParam("labelSelector")) || notBlank(req.getParam("fieldSelector"));
        ResourceTable.Page page = table.list(ap.namespace(), filter(req, ap), token == null ? null : token.after(), limit,
                !selectors);
        String next = page.continueAfter() == null ? "" : new ContinueToken(rv, page.continueAfter()).encode();
        boolean v1 = eventsV1(ap);
        Buffer out = Buffer.buffer(64 + page.items().size() * 2048);
        out.appendString("{\"kind\":\"" + table.kind + "List\",\"apiVersion\":\"" + (v1 ? EventShapes.GROUP_VERSION : table.apiVersion)
                + "\",\"metadata\":{\"resourceVersion\":\"" + rv + "\""
                + (next.isEmpty() ? "" : ",\"continue\":\"" + next + "\"")
                + (page.remaining() > 0 ? ",\"remainingItemCount\":" + page.remaining() : "") + "},\"items\":[");
        boolean first = true;
        for (StoredObject o : page.items()) {
            if (!first) {
                out.appendByte((byte) ',');
            }
            out.appendBytes(v1 ? EventShapes.toV1(o.json()) : o.json());
            first = false;
        }
        out.appendString("]}");
        counters.sent(ap.table(), out.length());
        req.response().setStatusCode(200).putHeader("Content-Type", "application/json").end(out);
    }

    /** kube-apiserver's words for a continue token whose resourceVersion was compacted. */
    static final String EXPIRED_CONTINUE = "The provided continue parameter is too old to display a consistent list result. "
            + "You can start a new list without the continue parameter, or use the continue token in this response to "
            + "retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - "
            + "objects that were created, modified, or deleted between the time the first chunk was returned and now may "
            + "show up in the list.";

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    private void watch(HttpServerRequest req, ApiPath ap, ResourceTable table, Context ctx) {
        counters.count("WATCH", ap.table());
        String rvParam = req.getParam("resourceVersion");
        Long from = rvParam == null || rvParam.isEmpty() || rvParam.equals("0") ? null : Long.parseLong(rvParam);
        HttpServerResponse resp = req.response();
        resp.setChunked(true).putHeader("Content-Type", "application/json");
        HttpWatch http = new HttpWatch(resp, ctx, filter(req, ap));
        WatchSink sink = RequestCounters.counting(eventsV1(ap) ? EventShapes.converting(http) : http, counters, ap.table());
        ctx.runOnContext(v -> resp.write("\n"));
        if (!table.watch(sink, from)) {
            // Like the real server: 200, then an ERROR event carrying 410 Gone.
            sink.send(ResourceTable.eventLine("ERROR", statusJson(410, "Expired",
                    "too old resource version: " + from + " (" + table.compactedThrough() + ")").getBytes(StandardCharsets.UTF_8)));
            sink.close();
            return;
        }
        // kube-apiserver keeps no watch cache for Events, and only its watch cache sends bookmarks.
        boolean bookmarks = isTrue(req.getParam("allowWatchBookmarks")) && !table.name.equals("events");
        int timeout = parseInt(req.getParam("timeoutSeconds"));
        // As kube-apiserver's watch cache: a bookmark every minute and one ~2 s before the deadline,
        // each only when the resource changed since the watch began.
        long startedAt = from == null ? store.revision() : from;
        long bookmarkTimer = bookmarks ? vertx.setPeriodic(BOOKMARK_MS, id -> bookmark(table, sink, startedAt)) : -1;
        long lastBookmark = bookmarks && timeout > 2
                ? vertx.setTimer((timeout - 2) * 1000L, id -> bookmark(table, sink, startedAt)) : -1;
        long endTimer = timeout > 0 ? vertx.setTimer(timeout * 1000L, id -> sink.close()) : -1;
        Runnable cleanup = () -> {
            sink.close();
            table.unwatch(sink);
            vertx.cancelTimer(bookmarkTimer);
            vertx.cancelTimer(lastBookmark);
            vertx.cancelTimer(endTimer);
        };
        ctx.runOnContext(v -> {
            resp.closeHandler(x -> cleanup.run());
            resp.endHandler(x -> cleanup.run());
        });
    }

    /**
     * A bookmark at the store's revision, shaped as kube-apiserver's (only kind, apiVersion and
     * metadata.resourceVersion mean anything), sent under the table lock so no older event can
     * follow it; none when the resource has not changed since {@code startedAt}.
     */
    private void bookmark(ResourceTable table, WatchSink sink, long startedAt) {
        synchronized (table) {
            if (!sink.isClosed() && table.latest() > startedAt) {
                String obj = "{\"kind\":\"" + table.kind + "\",\"apiVersion\":\"" + table.apiVersion
                        + "\",\"metadata\":{\"resourceVersion\":\"" + store.revision() + "\",\"creationTimestamp\":null}}";
                sink.send(ResourceTable.eventLine("BOOKMARK", obj.getBytes(StandardCharsets.UTF_8)));
            }
        }
    }

    private Predicate<StoredObject> filter(HttpServerRequest req, ApiPath ap) {
        String fields = req.getParam("fieldSelector");
        Predicate<StoredObject> f = Selectors.labels(req.getParam("labelSelector")).and(
                ap.table().equals("events") || eventsV1(ap) ? EventFieldSelectors.of(fields, eventsV1(ap))
                        : Selectors.fields(fields));
        if (ap.namespace() != null) {
            String ns = ap.namespace();
            f = f.and(o -> ns.equals(o.namespace()));
        }
        return f;
    }

    private static JsonNode parse(Buffer body) throws IOException {
        return SandboxJson.MAPPER.readTree(body.getBytes());
    }

    private static void object(HttpServerResponse resp, int code, ObjectNode obj) throws IOException {
        json(resp, code, SandboxJson.MAPPER.writeValueAsString(obj));
    }

    private static void json(HttpServerResponse resp, int code, String body) {
        resp.setStatusCode(code).putHeader("Content-Type", "application/json").end(body);
    }

    private static void plain(HttpServerResponse resp, PlainResponse answer) {
        resp.setStatusCode(answer.status()).putHeader("Content-Type", answer.contentType())
                .putHeader("X-Content-Type-Options", "nosniff").end(Buffer.buffer(answer.body()));
    }

    private static void status(HttpServerResponse resp, int code, String reason, String message) {
        json(resp, code, statusJson(code, reason, message));
    }

    static String statusJson(int code, String reason, String message) {
        ObjectNode s = SandboxJson.MAPPER.createObjectNode();
        s.put("kind", "Status").put("apiVersion", "v1").putObject("metadata");
        s.put("status", "Failure").put("message", message).put("reason", reason).put("code", code);
        return s.toString();
    }

    private static boolean isTrue(String v) {
        return v != null && (v.equals("1") || v.equalsIgnoreCase("true"));
    }

    private static int parseInt(String v) {
        try {
            return v == null || v.isEmpty() ? 0 : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number: " + v);
        }
    }

    @Override
    public void close() {
        if (controllers != null) {
            controllers.shutdownNow();
        }
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // shutting down anyway
        }
    }
}
