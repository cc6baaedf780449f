package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.sandbox.metrics.MetricsEndpoints;
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
import java.util.concurrent.TimeUnit;

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


    private final ObjectStore store;
    private final SandboxCrds crds;
    private final MetricsEndpoints simulated;
    private final RequestCounters counters = new RequestCounters();
    private final SandboxRbac rbac = new SandboxRbac();
    private final java.util.List<java.util.function.Consumer<SeenRequest>> audit =
            new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Vertx vertx;
    private final ListWatchServing listWatch;
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
        this.listWatch = new ListWatchServing(store, counters, vertx);
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
            ApiAnswers.status(req.response(), 403, "Forbidden", refused);
            return;
        }
        switch (path) {
            case "/version", "/version/" -> ApiAnswers.json(req.response(), 200, Discovery.VERSION);
            case "/api" -> groups(req, true);
            case "/api/v1" -> groupVersion(req, "v1");
            case "/apis" -> groups(req, false);
            case "/healthz" -> req.response().putHeader("Content-Type", "text/plain").end("ok");
            case "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews" -> {
                try {
                    ApiAnswers.json(req.response(), 201, rbac.accessReview(ApiAnswers.parse(body)));
                } catch (IOException e) {
                    ApiAnswers.status(req.response(), 400, "BadRequest", "the request body is not a JSON object");
                }
            }
            case "/apis/authentication.k8s.io/v1/selfsubjectreviews" -> ApiAnswers.json(req.response(), 201, rbac.selfReview());
            case "/metrics" -> ApiAnswers.plain(req.response(), simulated.metrics());
            case "/readyz" -> ApiAnswers.plain(req.response(), simulated.readyz(req.params().contains("verbose")));
            case "/livez" -> ApiAnswers.plain(req.response(), simulated.livez(req.params().contains("verbose")));
            default -> {
                String[] parts = path.replaceAll("^/+|/+$", "").split("/");
                if (parts.length == 3 && parts[0].equals("apis")) {
                    groupVersion(req, parts[1] + "/" + parts[2]);
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
                ? new SandboxControlSurface.Answer(403, ApiAnswers.statusJson(403, "Forbidden", "the sandbox's control surface is not open yet"))
                : g.refuse(SandboxControlGuard.addressedTo(req), req.getHeader(SandboxControlGuard.HEADER));
        if (a == null) {
            a = surface.handle(req.method().name(), req.path(), req.getParam("from"), body.getBytes());
        }
        ApiAnswers.json(req.response(), a.code(), a.json());
    }

    /**
     * {@code /api} ({@code core}) or {@code /apis}: aggregated when the request's Accept header asks for it, as
     * kube-apiserver 1.32 answers kubectl and the console (two requests for the whole cluster), else plain.
     */
    private void groups(HttpServerRequest req, boolean core) {
        DiscoveryTable table = discovery();
        String aggregated = DiscoveryAccept.aggregatedVersion(req.getHeader("Accept"));
        if (aggregated != null) {
            AggregatedDiscovery.answer(req.response(), core ? java.util.List.of(table.core()) : table.named(), aggregated,
                    req.getHeader("If-None-Match"));
        } else {
            ApiAnswers.json(req.response(), 200, core ? Discovery.coreVersions(table) : Discovery.groups(table));
        }
    }

    /** {@code /api/v1} or {@code /apis/GROUP/VERSION}: that group version's resources, 404 when it serves none. */
    private void groupVersion(HttpServerRequest req, String groupVersion) {
        String list = Discovery.resources(discovery(), groupVersion);
        if (list == null) {
            ApiAnswers.status(req.response(), 404, "NotFound", "the server could not find the requested resource");
        } else {
            ApiAnswers.json(req.response(), 200, list);
        }
    }

    /** What discovery lists now, in either form: the store's resources, the views over them, the CRDs' names. */
    private DiscoveryTable discovery() {
        return DiscoveryTable.of(servedDefinitions(), crds::names);
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

    static boolean eventsV1(ApiPath ap) {
        return ap.table().equals(EventShapes.TABLE) && ap.version().equals("v1");
    }

    private void resource(HttpServerRequest req, Buffer body, Context ctx) {
        ApiPath ap = ApiPath.parse(req.path());
        ResourceTable table = tableOf(ap);
        if (table == null) {
            ApiAnswers.status(req.response(), 404, "NotFound", "the server could not find the requested resource");
            return;
        }
        try {
            HttpMethod m = req.method();
            if (m == HttpMethod.GET && ap.name() == null) {
                if (ApiAnswers.isTrue(req.getParam("watch"))) {
                    listWatch.watch(req, ap, table, ctx);
                } else {
                    listWatch.list(req, ap, table);
                }
            } else if (m == HttpMethod.GET && "log".equals(ap.subresource()) && ap.table().equals("pods")) {
                counters.count("LOG", ap.table());
                SandboxPodLogs.Query q = SandboxPodLogs.Query.parse(req::getParam, java.time.Instant.now());
                if (q.follow()) {
                    SandboxLogFollow.start(vertx, req.response(), podLogs, ap.namespace(), ap.name(), q);
                } else {
                    ApiAnswers.plain(req.response(), podLogs.read(ap.namespace(), ap.name(), q));
                }
            } else if (m == HttpMethod.GET && "proxy".equals(ap.subresource()) && ap.table().equals("pods")) {
                counters.count("PROXY", ap.table());
                ApiAnswers.plain(req.response(), dcgm.proxy(ap.namespace(), ap.name(), SandboxDcgmExporter.proxiedPath(req.path()),
                        java.time.Instant.now()));
            } else if (eventsV1(ap)) {
                eventsV1(req, body, ap);
            } else if (m == HttpMethod.GET) {
                counters.count("GET", ap.table());
                ApiAnswers.object(req.response(), 200, store.get(ap.table(), ap.namespace(), ap.name()));
            } else if (m == HttpMethod.POST && "eviction".equals(ap.subresource()) && ap.table().equals("pods")) {
                counters.count("EVICT", ap.table());
                SandboxEvictions.Answer a = evictions.evict(ap.namespace(), ap.name());
                ApiAnswers.json(req.response(), a.code(), a.body());
            } else if (m == HttpMethod.POST && ap.name() == null && ap.table().equals(SandboxCrds.TABLE)) {
                counters.count("CREATE", ap.table());
                ApiAnswers.object(req.response(), 201, crds.install((ObjectNode) ApiAnswers.parse(body)));
            } else if (m == HttpMethod.DELETE && ap.name() != null && ap.table().equals(SandboxCrds.TABLE)) {
                counters.count("DELETE", ap.table());
                ApiAnswers.object(req.response(), 200, crds.uninstall(ap.name()));
            } else if (m == HttpMethod.POST && ap.name() == null) {
                counters.count("CREATE", ap.table());
                ObjectNode obj = (ObjectNode) ApiAnswers.parse(body);
                if (ap.namespace() != null) {
                    obj.with("metadata").put("namespace", ap.namespace());
                }
                if (ap.table().equals("events")) {
                    SandboxEventValidation.validate(obj, ap.namespace());
                    EventShapes.stored(obj);
                }
                ApiAnswers.object(req.response(), 201, workloads.create(ap.table(), obj));
            } else if (m == HttpMethod.PUT && ap.name() != null) {
                counters.count("UPDATE", ap.table());
                ApiAnswers.object(req.response(), 200, store.replace(ap.table(), ap.namespace(), ap.name(), (ObjectNode) ApiAnswers.parse(body),
                        ap.subresource()));
            } else if (m == HttpMethod.PATCH && ap.name() != null) {
                counters.count("PATCH", ap.table());
                ApiAnswers.object(req.response(), 200, store.patch(ap.table(), ap.namespace(), ap.name(),
                        req.getHeader("Content-Type"), ApiAnswers.parse(body), ap.subresource()));
            } else if (m == HttpMethod.DELETE && ap.name() != null) {
                counters.count("DELETE", ap.table());
                JsonNode options = body.length() == 0 ? SandboxJson.MAPPER.createObjectNode() : ApiAnswers.parse(body);
                if (ap.table().equals("pods") && ap.subresource() == null) {
                    // Simulated kubelet: the graceful step is taken and finished at once (no container to stop).
                    JsonNode grace = options.path("gracePeriodSeconds");
                    String query = req.getParam("gracePeriodSeconds");
                    Long requested = grace.isNumber() ? Long.valueOf(grace.asLong()) : query == null ? null : Long.valueOf(query);
                    store.beginGracefulDeletion(ap.namespace(), ap.name(), requested);
                }
                ApiAnswers.object(req.response(), 200, workloads.delete(ap.table(), ap.namespace(), ap.name(), options,
                        req.getParam("propagationPolicy")));
            } else {
                ApiAnswers.status(req.response(), 405, "MethodNotAllowed", "the server does not allow this method on the requested resource");
            }
        } catch (StoreException e) {
            ApiAnswers.status(req.response(), e.code(), e.reason(), e.getMessage());
        } catch (IOException | ClassCastException e) {
            ApiAnswers.status(req.response(), 400, "BadRequest", "the request body is not a JSON object");
        } catch (IllegalArgumentException e) {
            ApiAnswers.status(req.response(), 400, "BadRequest", e.getMessage());
        } catch (RuntimeException e) {
            // A bug in a simulation must answer, not leave the client waiting for its timeout.
            ApiAnswers.status(req.response(), 500, "InternalError", "sandbox: " + e);
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
            ObjectNode obj = EventShapes.toCore(ApiAnswers.parse(body));
            if (ap.namespace() != null) {
                obj.with("metadata").put("namespace", ap.namespace());
            }
            SandboxEventValidation.validate(obj, ap.namespace());
            v1Event(req.response(), 201, workloads.create("events", EventShapes.stored(obj)));
        } else if (m == HttpMethod.DELETE && ap.name() != null) {
            counters.count("DELETE", ap.table());
            JsonNode options = body.length() == 0 ? SandboxJson.MAPPER.createObjectNode() : ApiAnswers.parse(body);
            v1Event(req.response(), 200, workloads.delete("events", ap.namespace(), ap.name(), options, null));
        } else {
            ApiAnswers.status(req.response(), 405, "MethodNotAllowed", "the sandbox serves events.k8s.io/v1 Events for reading, "
                    + "creating and deleting only");
        }
    }

    private static void v1Event(HttpServerResponse resp, int code, ObjectNode core) throws IOException {
        resp.setStatusCode(code).putHeader("Content-Type", "application/json")
                .end(Buffer.buffer(EventShapes.toV1(SandboxJson.MAPPER.writeValueAsBytes(core))));
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
