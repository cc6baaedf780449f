package dev.flightdeck.app.controlplane;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * A test stand-in for the kubelet of the nodes a test registers — the one simulated part of the
 * real-control-plane lane. It does what a kubelet does through the API and nothing more: creates
 * its Node and writes its status, renews its Lease (so node lifecycle keeps it Ready), moves
 * bound pods to Running and Ready (or runs them to an exit when a test scripts it), finishes a
 * graceful deletion with a zero-grace delete, and serves container logs to the API server over
 * HTTPS at the node's kubelet endpoint, as {@code pods/log} expects.
 */
public final class KubeletStandIn implements AutoCloseable {

    /**
     * What a pod's containers do once started: run until deleted, or exit with a code, writing {@code log}; with a
     * {@code previousLog}, they crashed once before (exit 1) and were restarted, and that run's log is the previous one.
     */
    public record Script(Integer exitCode, String log, String previousLog) {
        public static final Script RUN = new Script(null, "", null);

        public static Script exit(int code, String log) {
            return new Script(code, log, null);
        }

        /** Runs until deleted, having written {@code log}. */
        public static Script run(String log) {
            return new Script(null, log, null);
        }

        /** The same, after a first run that crashed with exit code 1 having written {@code previousLog}. */
        public Script afterCrash(String previousLog) {
            return new Script(exitCode, log, previousLog);
        }
    }

    private final KubernetesClient client;
    private final ControlPlane plane;
    private final Set<String> nodes = ConcurrentHashMap.newKeySet();
    private final StandInContainerLogs logs = new StandInContainerLogs();
    private final Set<String> started = ConcurrentHashMap.newKeySet();
    private final List<Function<Pod, Script>> scripts = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("kubelet-stand-in").daemon().unstarted(r));
    private final HttpsServer logServer;

    public KubeletStandIn(ControlPlane plane, KubernetesClient client) throws IOException {
        this.client = client;
        this.plane = plane;
        this.logServer = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        try {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(plane.servingStore("kubelet", List.of("127.0.0.1")), TestPki.STORE_PASSWORD);
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(kmf.getKeyManagers(), null, null);
            logServer.setHttpsConfigurator(new HttpsConfigurator(ssl));
        } catch (java.security.GeneralSecurityException e) {
            throw new IOException("kubelet stand-in TLS: " + e.getMessage(), e);
        }
        logServer.createContext("/containerLogs/", logs::serve);
        // One thread per request: a followed log stays open, and must not hold up the API server's other log requests.
        logServer.setExecutor(java.util.concurrent.Executors.newThreadPerTaskExecutor(
                Thread.ofPlatform().name("kubelet-stand-in-logs-", 0).daemon().factory()));
        logServer.start();
        loop.scheduleWithFixedDelay(this::renewLeases, 0, 5, TimeUnit.SECONDS);
        loop.scheduleWithFixedDelay(this::tendPods, 100, 200, TimeUnit.MILLISECONDS);
    }

    /** The container of pod NS/POD writes one more line (a followed log sends it on). */
    public void appendLog(String namespace, String pod, String line) {
        logs.append(namespace, pod, line);
    }

    /** The container's log ends, as when its process exits: a followed log of it ends. */
    public void endLog(String namespace, String pod) {
        logs.end(namespace, pod);
    }

    /** Scripts pods the function answers for (first answer wins); others run until deleted. */
    public void script(Function<Pod, Script> script) {
        scripts.addFirst(script);
    }

    /** A GPU node as GPU Feature Discovery labels it, Ready, with {@code gpus} allocatable GPUs. */
    public Node registerGpuNode(String name, int gpus, Map<String, String> extraLabels) {
        return registerGpuNode(name, gpus, extraLabels, List.of());
    }

    /**
     * As above, tainted from the moment it exists: a node tainted after creation could be given another test's
     * Pending pod by the scheduler in between.
     */
    public Node registerGpuNode(String name, int gpus, Map<String, String> extraLabels,
                                List<io.fabric8.kubernetes.api.model.Taint> taints) {
        Map<String, String> labels = new java.util.LinkedHashMap<>(Map.of("kubernetes.io/hostname", name,
                "kubernetes.io/os", "linux", "kubernetes.io/arch", "amd64", "nvidia.com/gpu.present", "true",
                "nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3", "nvidia.com/gpu.count", String.valueOf(gpus)));
        labels.putAll(extraLabels);
        Map<String, Quantity> capacity = Map.of("cpu", new Quantity("96"), "memory", new Quantity("2Ti"),
                "pods", new Quantity("110"), "nvidia.com/gpu", new Quantity(String.valueOf(gpus)));
        NodeBuilder node = new NodeBuilder().withNewMetadata().withName(name).withLabels(labels).endMetadata();
        if (!taints.isEmpty()) {
            node.withNewSpec().withTaints(taints).endSpec();
        }
        client.nodes().resource(node.build()).create();
        nodes.add(name);
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        var status = new io.fabric8.kubernetes.api.model.NodeStatusBuilder()
                .withCapacity(capacity).withAllocatable(capacity)
                .addNewCondition().withType("Ready").withStatus("True").withReason("KubeletReady")
                .withMessage("kubelet is posting ready status").withLastHeartbeatTime(now).withLastTransitionTime(now).endCondition()
                .addNewAddress().withType("InternalIP").withAddress("127.0.0.1").endAddress()
                .addNewAddress().withType("Hostname").withAddress("127.0.0.1").endAddress()
                .withNewDaemonEndpoints().withNewKubeletEndpoint().withPort(logServer.getAddress().getPort())
                .endKubeletEndpoint().endDaemonEndpoints()
                .withNewNodeInfo().withKubeletVersion("v1.32.13").withOperatingSystem("linux").withArchitecture("amd64")
                .withContainerRuntimeVersion("containerd://1.7.24").withKernelVersion("6.8.0").withOsImage("Ubuntu 24.04 LTS")
                .withMachineID(name).withSystemUUID(name).withBootID(name).withKubeProxyVersion("").endNodeInfo().build();
        // A merge patch, not a PUT: controllers annotate a new node at once, and a kubelet never fights them.
        patchStatus("/api/v1/nodes/" + name + "/status", "{\"status\":" + Serialization.asJson(status) + "}");
        renewLease(name);
        return settled(name);
    }

    /**
     * The node once node lifecycle has seen it Ready and lifted the not-ready taint that admission
     * put on it at creation: until then the scheduler would not place pods there, and the
     * controller's write would race a test's own.
     */
    private Node settled(String name) {
        // Up to two minutes: after an API server restart, node lifecycle may back off a minute (client-go).
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < deadline) {
            Node n = client.nodes().withName(name).get();
            if (n.getSpec().getTaints() == null || n.getSpec().getTaints().stream()
                    .noneMatch(t -> t.getKey().startsWith("node.kubernetes.io/"))) {
                return n;
            }
            RealCluster.sleep(100);
        }
        throw new IllegalStateException("node " + name + " still carries node lifecycle's taints after 120 s");
    }

    /** Stops playing the kubelet for {@code node} (its Lease lapses, as when a kubelet dies). */
    public void forget(String node) {
        nodes.remove(node);
    }

    private void renewLeases() {
        for (String n : nodes) {
            try {
                renewLease(n);
            } catch (KubernetesClientException e) {
                // the node may have been deleted by the test; the next round tries again
            }
        }
    }

    /** Synchronized: registration and the renewal loop would otherwise both create a new node's Lease (409). */
    private synchronized void renewLease(String node) {
        var leases = client.leases().inNamespace("kube-node-lease");
        Lease existing = leases.withName(node).get();
        java.time.ZonedDateTime now = java.time.ZonedDateTime.now(ZoneOffset.UTC);
        if (existing == null) {
            Node n = client.nodes().withName(node).get();
            if (n == null) {
                return;
            }
            leases.resource(new LeaseBuilder().withNewMetadata().withName(node).withNamespace("kube-node-lease")
                    .addNewOwnerReference().withApiVersion("v1").withKind("Node").withName(node)
                    .withUid(n.getMetadata().getUid()).endOwnerReference().endMetadata()
                    .withNewSpec().withHolderIdentity(node).withLeaseDurationSeconds(40).withRenewTime(now).endSpec()
                    .build()).create();
        } else {
            existing.getSpec().setRenewTime(now);
            leases.resource(existing).update();
        }
    }

    private void tendPods() {
        try {
            for (Pod p : client.pods().inAnyNamespace().list().getItems()) {
                String node = p.getSpec().getNodeName();
                if (node == null || !nodes.contains(node)) {
                    continue;
                }
                if (p.getMetadata().getDeletionTimestamp() != null) {
                    finishDeletion(p);
                } else if ("Pending".equals(p.getStatus().getPhase()) && started.add(p.getMetadata().getUid())) {
                    start(p);
                }
            }
        } catch (RuntimeException e) {
            // A conflict or a pod deleted under us: the kubelet retries on its next sync, and so do we.
        }
    }

    private void start(Pod p) {
        Script script = scripts.stream().map(s -> s.apply(p)).filter(java.util.Objects::nonNull).findFirst().orElse(Script.RUN);
        String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        boolean ends = script.exitCode() != null;
        boolean ok = ends && script.exitCode() == 0;
        Instant startedAt = Instant.now();
        logs.started(p.getMetadata().getNamespace(), p.getMetadata().getName(), script.log(), startedAt, ends);
        boolean crashedBefore = script.previousLog() != null;
        String crashedAt = Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.SECONDS).toString();
        if (crashedBefore) {
            logs.previous(p.getMetadata().getNamespace(), p.getMetadata().getName(), script.previousLog(),
                    Instant.parse(crashedAt));
        }
        List<ContainerStatus> containers = new ArrayList<>();
        for (var c : p.getSpec().getContainers()) {
            ContainerStatusBuilder b = new ContainerStatusBuilder().withName(c.getName()).withImage(c.getImage())
                    .withImageID(c.getImage()).withContainerID("containerd://" + p.getMetadata().getUid().replace("-", ""))
                    .withRestartCount(crashedBefore ? 1 : 0).withReady(!ends).withStarted(!ends);
            if (crashedBefore) {
                b.withNewLastState().withNewTerminated().withExitCode(1).withReason("Error").withStartedAt(crashedAt)
                        .withFinishedAt(crashedAt).withContainerID("containerd://" + p.getMetadata().getUid().replace("-", "") + "0")
                        .endTerminated().endLastState();
            }
            containers.add(ends ? b.withNewState().withNewTerminated().withExitCode(script.exitCode())
                    .withReason(ok ? "Completed" : "Error").withStartedAt(now).withFinishedAt(now).endTerminated().endState().build()
                    : b.withNewState().withNewRunning().withStartedAt(now).endRunning().endState().build());
        }
        String ready = ends ? "False" : "True";
        List<PodCondition> conditions = List.of(condition("PodReadyToStartContainers", "True", now),
                condition("Initialized", "True", now), condition("Ready", ready, now),
                condition("ContainersReady", ready, now), condition("PodScheduled", "True", now));
        p.getStatus().setPhase(ends ? (ok ? "Succeeded" : "Failed") : "Running");
        p.getStatus().setConditions(conditions);
        p.getStatus().setContainerStatuses(containers);
        p.getStatus().setHostIP("127.0.0.1");
        p.getStatus().setPodIP("10.244.0." + (1 + Math.floorMod(p.getMetadata().getUid().hashCode(), 250)));
        p.getStatus().setStartTime(now);
        patchStatus("/api/v1/namespaces/" + p.getMetadata().getNamespace() + "/pods/" + p.getMetadata().getName() + "/status",
                "{\"status\":" + Serialization.asJson(p.getStatus()) + "}");
    }

    private void patchStatus(String path, String mergePatch) {
        try {
            var r = plane.adminSend("PATCH", path, "application/merge-patch+json", mergePatch);
            if (r.statusCode() >= 300) {
                throw new IllegalStateException("kubelet stand-in: PATCH " + path + " answered " + r.statusCode() + ": " + r.body());
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static PodCondition condition(String type, String status, String now) {
        return new PodConditionBuilder().withType(type).withStatus(status).withLastTransitionTime(now).build();
    }

    /** What the kubelet does once the containers stopped: delete the pod with no grace, guarded by its UID. */
    private void finishDeletion(Pod p) {
        logs.end(p.getMetadata().getNamespace(), p.getMetadata().getName()); // its containers have stopped
        try {
            plane.adminSend("DELETE", "/api/v1/namespaces/" + p.getMetadata().getNamespace() + "/pods/"
                    + p.getMetadata().getName(), "application/json", "{\"gracePeriodSeconds\":0,\"preconditions\":{\"uid\":\""
                    + p.getMetadata().getUid() + "\"}}");
        } catch (IOException e) {
            // tried again on the next round
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        loop.shutdownNow();
        logs.close();
        logServer.stop(0);
    }
}
