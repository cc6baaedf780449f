package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.sandbox.metrics.PlainResponse;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Simulated: the GPU Operator's dcgm-exporter on every GPU node, as the API server's pod proxy reaches it
 * ({@code GET /api/v1/namespaces/NS/pods/[http:]NAME[:9400]/proxy/metrics}, the way a console with no Prometheus reads
 * it). The exporter pod answers its node's eight GPUs ({@link DcgmExposition}, values from {@link SandboxGpuReadings});
 * what the real proxy would fail on fails the same way, at once rather than after the proxy's dial timeout: a pod that
 * is not an exporter or not running refuses the connection, an exporter on a node whose kubelet stopped posting (its
 * host is down) or one a drill silenced times out, both as kube-apiserver's 503 Status.
 */
final class SandboxDcgmExporter {

    static final String DAEMON_SET = "nvidia-dcgm-exporter";
    static final int PORT = 9400;

    private final ObjectStore store;
    private final SandboxGpuFaults faults;
    private final SandboxGpuWorkloads workloads;

    SandboxDcgmExporter(ObjectStore store, SandboxGpuFaults faults) {
        this.store = store;
        this.faults = faults;
        this.workloads = new SandboxGpuWorkloads(store);
    }

    /** The proxied path of a {@code pods/NAME/proxy/...} request path: what follows {@code /proxy}, or "/". */
    static String proxiedPath(String requestPath) {
        int at = requestPath.indexOf("/proxy");
        String rest = at < 0 ? "" : requestPath.substring(at + "/proxy".length());
        return rest.isEmpty() ? "/" : rest;
    }

    /**
     * @param target {@code NAME}, {@code NAME:PORT} or {@code SCHEME:NAME:PORT}, as the request path has it
     */
    PlainResponse proxy(String namespace, String target, String path, Instant now) {
        String[] parts = URLDecoder.decode(target, StandardCharsets.UTF_8).split(":");
        int first = parts.length == 3 || (parts.length == 2 && (parts[0].equals("http") || parts[0].equals("https"))) ? 1 : 0;
        String name = parts[first];
        String port = parts.length > first + 1 ? parts[first + 1] : "";
        ObjectNode pod;
        try {
            pod = store.get("pods", namespace, name);
        } catch (StoreException e) {
            return status(e.code(), e.reason(), e.getMessage());
        }
        String ip = pod.path("status").path("podIP").asText("");
        String node = pod.path("spec").path("nodeName").asText("");
        // Without a port the API server proxies to the pod's first declared container port.
        String dialled = port.isEmpty() ? pod.path("spec").path("containers").path(0).path("ports").path(0)
                .path("containerPort").asText("80") : port;
        if (!"Running".equals(pod.path("status").path("phase").asText()) || !isExporter(pod) || !dialled.equals(Integer.toString(PORT))) {
            return unreachable(ip, dialled, "connect: connection refused");
        }
        JsonNode nodeObject;
        try {
            nodeObject = store.get("nodes", null, node);
        } catch (StoreException gone) {
            return unreachable(ip, dialled, "i/o timeout");
        }
        if (!ready(nodeObject) || faults.silenced(node)) {
            return unreachable(ip, dialled, "i/o timeout");
        }
        if (!path.equals("/metrics")) {
            return new PlainResponse(404, "text/plain; charset=utf-8", "404 page not found\n".getBytes(StandardCharsets.UTF_8));
        }
        return new PlainResponse(200, DcgmExposition.CONTENT_TYPE, metrics(node, nodeObject, now));
    }

    private byte[] metrics(String node, JsonNode nodeObject, Instant now) {
        SandboxGpuReadings.NodeTrouble trouble = SandboxGpuReadings.trouble(nodeObject);
        SandboxGpuWorkloads.Workload[] held = workloads.on(node);
        List<Map<DcgmSeries, Double>> readings = new ArrayList<>(held.length);
        for (int gpu = 0; gpu < held.length; gpu++) {
            SandboxGpuWorkloads.Workload w = held[gpu];
            readings.add(SandboxGpuReadings.read(node, gpu, trouble, w, w != null && faults.stalled(w.uid()), faults,
                    now.getEpochSecond()));
        }
        String driver = nodeObject.path("metadata").path("labels").path("nvidia.com/cuda.driver-version.full").asText("570.124.06");
        return DcgmExposition.render(node, driver, held, readings);
    }

    /** The GPU Operator's label, or the exporter's Helm chart's. */
    private static boolean isExporter(JsonNode pod) {
        JsonNode labels = pod.path("metadata").path("labels");
        return DAEMON_SET.equals(labels.path("app").asText()) || "dcgm-exporter".equals(labels.path("app.kubernetes.io/name").asText());
    }

    private static boolean ready(JsonNode node) {
        for (JsonNode c : node.path("status").path("conditions")) {
            if ("Ready".equals(c.path("type").asText())) {
                return "True".equals(c.path("status").asText());
            }
        }
        return false;
    }

    /** kube-apiserver's answer when the proxy cannot reach the pod. */
    private static PlainResponse unreachable(String ip, String port, String why) {
        return status(503, "ServiceUnavailable", "error trying to reach service: dial tcp " + ip + ":" + port + ": " + why);
    }

    private static PlainResponse status(int code, String reason, String message) {
        return new PlainResponse(code, "application/json",
                ApiAnswers.statusJson(code, reason, message).getBytes(StandardCharsets.UTF_8));
    }
}
