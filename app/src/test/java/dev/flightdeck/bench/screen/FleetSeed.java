package dev.flightdeck.bench.screen;

import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;

/**
 * Writes the generated fleet into the real API server over many keep-alive connections, as kubelets and
 * controllers would have: each node created, then its status written through {@code nodes/status} (capacity,
 * allocatable GPUs, Ready); each pod created already bound ({@code spec.nodeName}: no scheduler), then its status
 * through {@code pods/status} (the server drops a pod's status on create). A ConfigMap records what was seeded, so
 * a kept etcd ({@code -Dreuse}) is seeded once.
 */
final class FleetSeed {

    private static final ApiResource SERVICE_ACCOUNTS = new ApiResource("", "v1", "serviceaccounts", "ServiceAccount", true);
    private static final ApiPath MARKER = ApiPath.of(ApiResource.CONFIGMAPS).in("default").named("screen-bench-seed");

    private final ApiConnections api;
    private final int connections;
    private final KubernetesSerialization json = new KubernetesSerialization();
    private final AtomicLong requests = new AtomicLong();
    private final Map<String, String> firstFailures = new ConcurrentHashMap<>();
    private final AtomicInteger failures = new AtomicInteger();

    FleetSeed(ApiConnections api, int connections) {
        this.api = api;
        this.connections = connections;
    }

    /** What a kept etcd already holds ("7500 nodes, 99974 pods"), or null when it holds no finished seed. */
    String alreadySeeded() throws IOException, InterruptedException {
        HttpResponse<String> r = api.open().send("GET", MARKER, null, null);
        if (r.statusCode() != 200) {
            return null;
        }
        return json.unmarshal(r.body(), io.fabric8.kubernetes.api.model.ConfigMap.class).getData().get("seed");
    }

    static String seedKey(GeneratedFleet fleet) {
        return fleet.nodes().size() + " nodes, " + fleet.pods().size() + " pods";
    }

    /** Seeds everything; returns the requests made. Fails when more than 1% of the writes were refused. */
    long seed(GeneratedFleet fleet) throws IOException, InterruptedException {
        var one = api.open();
        for (String ns : fleet.namespaces()) {
            send(one, "POST", ApiPath.of(ApiResource.NAMESPACES), ApiConnections.JSON,
                    json.asJson(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build()));
        }
        awaitServiceAccounts(one, fleet.namespaces());
        List<Node> nodes = fleet.nodes();
        inParallel(nodes.size(), (conn, i) -> {
            Node n = nodes.get(i);
            var status = n.getStatus();
            clearServerFields(n);
            send(conn, "POST", ApiPath.of(ApiResource.NODES), ApiConnections.JSON, json.asJson(n));
            send(conn, "PATCH", ApiPath.of(ApiResource.NODES).named(n.getMetadata().getName()).sub("status"),
                    ApiConnections.MERGE_PATCH, json.asJson(Map.of("status", status)));
        });
        List<Pod> pods = fleet.pods();
        inParallel(pods.size(), (conn, i) -> {
            Pod p = pods.get(i);
            var status = p.getStatus();
            p.setStatus(null);
            clearServerFields(p);
            String ns = p.getMetadata().getNamespace();
            send(conn, "POST", ApiPath.of(ApiResource.PODS).in(ns), ApiConnections.JSON, json.asJson(p));
            send(conn, "PATCH", ApiPath.of(ApiResource.PODS).in(ns).named(p.getMetadata().getName()).sub("status"),
                    ApiConnections.MERGE_PATCH, json.asJson(Map.of("status", status)));
        });
        int refused = failures.get();
        if (refused > requests.get() / 100) {
            throw new IOException(refused + " of " + requests.get() + " seeding writes were refused, e.g. " + firstFailures);
        }
        if (refused > 0) {
            System.out.println("seed: " + refused + " writes refused (under 1%, carrying on), e.g. " + firstFailures);
        }
        send(one, "POST", ApiPath.of(ApiResource.CONFIGMAPS).in("default"), ApiConnections.JSON, json.asJson(
                new ConfigMapBuilder().withNewMetadata().withName("screen-bench-seed").endMetadata()
                        .addToData("seed", seedKey(fleet)).build()));
        return requests.get();
    }

    /** The server sets these; a create that carries them is refused or has them replaced. */
    private static void clearServerFields(HasMetadata o) {
        o.getMetadata().setResourceVersion(null);
        o.getMetadata().setUid(null);
        o.getMetadata().setCreationTimestamp(null);
        o.getMetadata().setManagedFields(null);
    }

    /** Pods are refused in a namespace until the controller-manager has made its default ServiceAccount. */
    private void awaitServiceAccounts(ApiConnections.Connection conn, List<String> namespaces)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        for (String ns : namespaces) {
            ApiPath sa = ApiPath.of(SERVICE_ACCOUNTS).in(ns).named("default");
            while (conn.send("GET", sa, null, null).statusCode() != 200) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("no default ServiceAccount in namespace " + ns + " after 60 s");
                }
                Thread.sleep(100);
            }
        }
    }

    @FunctionalInterface
    private interface Write {
        void to(ApiConnections.Connection conn, int index) throws IOException, InterruptedException;
    }

    /** Items 0..count-1 written by {@code connections} threads, each on its own connection; progress every 10 s. */
    private void inParallel(int count, Write write) throws IOException, InterruptedException {
        AtomicInteger next = new AtomicInteger();
        long start = System.nanoTime();
        IntConsumer progress = done -> System.out.printf("seed:   %,d of %,d (%.0f/s)%n", done, count,
                done / ((System.nanoTime() - start) / 1e9));
        try (ExecutorService pool = Executors.newFixedThreadPool(connections)) {
            List<Future<Object>> workers = new java.util.ArrayList<>();
            for (int c = 0; c < connections; c++) {
                workers.add(pool.submit(() -> {
                    ApiConnections.Connection conn = api.open();
                    long lastSaid = System.nanoTime();
                    for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                        write.to(conn, i);
                        if (i % 500 == 0 && System.nanoTime() - lastSaid > 10_000_000_000L) {
                            progress.accept(i);
                            lastSaid = System.nanoTime();
                        }
                    }
                    return null;
                }));
            }
            for (Future<Object> w : workers) {
                try {
                    w.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IOException("seeding failed: " + e.getCause().getMessage(), e.getCause());
                }
            }
        }
    }

    private void send(ApiConnections.Connection conn, String method, ApiPath path, String type, String body)
            throws IOException, InterruptedException {
        requests.incrementAndGet();
        HttpResponse<String> r = conn.send(method, path, type, body.getBytes(StandardCharsets.UTF_8));
        // 409 on create: a kept etcd from a seed that stopped half-way; the status is written again all the same.
        if (r.statusCode() >= 300 && !(r.statusCode() == 409 && method.equals("POST"))) {
            failures.incrementAndGet();
            if (firstFailures.size() < 3) {
                firstFailures.putIfAbsent(method + " " + path.resource().resource() + " " + r.statusCode(),
                        r.body().length() > 300 ? r.body().substring(0, 300) : r.body());
            }
        }
    }
}
