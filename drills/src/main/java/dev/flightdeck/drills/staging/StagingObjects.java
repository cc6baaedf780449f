package dev.flightdeck.drills.staging;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.app.watch.KubeJson;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The objects a drill creates on a staging cluster, as JSON: its namespace, its virtual GPU nodes
 * (as GPU Feature Discovery labels a node, tainted NoSchedule and NoExecute so nothing but the drill
 * lands or runs there, marked as having no kubelet the way KWOK marks its nodes) with their status and
 * Lease, and its gangs as Indexed Jobs pinned to those nodes, with the checkpoint annotations their
 * trainers write.
 */
final class StagingObjects {

    /** The effects of the drill's taint on its virtual nodes; the drill's pods tolerate both. */
    static final String[] DRILL_TAINT_EFFECTS = {"NoSchedule", "NoExecute"};

    /** No kubelet answers on a virtual node: port 1 is closed everywhere, so a log request fails at once. */
    static final int NO_KUBELET_PORT = 1;

    private StagingObjects() {
    }

    static ObjectNode namespace(StagingNames n) {
        ObjectNode ns = KubeJson.MAPPER.createObjectNode();
        ns.put("apiVersion", "v1").put("kind", "Namespace");
        ns.putObject("metadata").put("name", n.namespace()).putObject("labels").put(StagingNames.LABEL, n.id());
        return ns;
    }

    static ObjectNode node(StagingNames n, String name, int gpus) {
        ObjectNode node = KubeJson.MAPPER.createObjectNode();
        node.put("apiVersion", "v1").put("kind", "Node");
        ObjectNode meta = node.putObject("metadata").put("name", name);
        meta.putObject("labels").put(StagingNames.LABEL, n.id()).put("kubernetes.io/hostname", name)
                .put("kubernetes.io/os", "linux").put("kubernetes.io/arch", "amd64").put("type", "virtual-drill-node")
                .put("nvidia.com/gpu.present", "true").put("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3")
                .put("nvidia.com/gpu.count", Integer.toString(gpus));
        meta.putObject("annotations").put("flightdeck.dev/drill-node", "virtual: no kubelet, played by Flightdeck's drill");
        // NoSchedule keeps the scheduler's pods off; NoExecute also keeps off (and evicts) pods that tolerate every
        // NoSchedule taint, as many DaemonSets do: nobody's pod but the drill's lands on a node no kubelet runs.
        ArrayNode taints = node.putObject("spec").putArray("taints");
        for (String effect : DRILL_TAINT_EFFECTS) {
            taints.addObject().put("key", StagingNames.LABEL).put("value", n.id()).put("effect", effect);
        }
        return node;
    }

    /** The status a kubelet posts for a healthy 8-GPU node (a merge patch on the status subresource). */
    static ObjectNode nodeStatus(String name, int gpus) {
        String now = now();
        ObjectNode status = KubeJson.MAPPER.createObjectNode();
        ObjectNode st = status.putObject("status");
        for (String field : new String[]{"capacity", "allocatable"}) {
            st.putObject(field).put("cpu", "96").put("memory", "2Ti").put("pods", "110")
                    .put("nvidia.com/gpu", Integer.toString(gpus));
        }
        st.putArray("conditions").addObject().put("type", "Ready").put("status", "True").put("reason", "KubeletReady")
                .put("message", "kubelet is posting ready status").put("lastHeartbeatTime", now)
                .put("lastTransitionTime", now);
        ArrayNode addresses = st.putArray("addresses");
        addresses.addObject().put("type", "InternalIP").put("address", "127.0.0.1");
        addresses.addObject().put("type", "Hostname").put("address", name);
        st.putObject("daemonEndpoints").putObject("kubeletEndpoint").put("Port", NO_KUBELET_PORT);
        st.putObject("nodeInfo").put("kubeletVersion", "v1.32.0-flightdeck-drill").put("operatingSystem", "linux")
                .put("architecture", "amd64").put("containerRuntimeVersion", "virtual://flightdeck-drill")
                .put("kernelVersion", "virtual").put("osImage", "Flightdeck drill node (virtual)").put("machineID", name)
                .put("systemUUID", name).put("bootID", name).put("kubeProxyVersion", "");
        return status;
    }

    /** A node's Lease, owned by the node (it goes with it) and labelled as the drill's. */
    static ObjectNode lease(StagingNames n, String node, String nodeUid) {
        ObjectNode lease = KubeJson.MAPPER.createObjectNode();
        lease.put("apiVersion", "coordination.k8s.io/v1").put("kind", "Lease");
        ObjectNode meta = lease.putObject("metadata").put("name", node).put("namespace", "kube-node-lease");
        meta.putObject("labels").put(StagingNames.LABEL, n.id());
        meta.putArray("ownerReferences").addObject().put("apiVersion", "v1").put("kind", "Node").put("name", node)
                .put("uid", nodeUid);
        lease.putObject("spec").put("holderIdentity", node).put("leaseDurationSeconds", 40)
                .put("renewTime", microTime(Instant.now()));
        return lease;
    }

    /**
     * A gang as an Indexed Job of {@code g.ranks()} ranks that only the drill's nodes take (their label
     * and taint), ignoring evictions as training Jobs' failure policies do (an evicted rank is replaced),
     * with its trainer's checkpoint annotations.
     */
    static ObjectNode gang(StagingNames n, Scenario.GangStart g, String checkpointUri, Instant checkpointAt, long step) {
        ObjectNode job = KubeJson.MAPPER.createObjectNode();
        job.put("apiVersion", "batch/v1").put("kind", "Job");
        ObjectNode meta = job.putObject("metadata").put("name", g.name()).put("namespace", n.namespace());
        meta.putObject("labels").put(StagingNames.LABEL, n.id());
        checkpoint(meta.putObject("annotations"), checkpointUri, checkpointAt, step);
        ObjectNode spec = job.putObject("spec");
        spec.put("completionMode", "Indexed").put("completions", g.ranks()).put("parallelism", g.ranks())
                .put("backoffLimit", 0);
        spec.putObject("podFailurePolicy").putArray("rules").addObject().put("action", "Ignore")
                .putArray("onPodConditions").addObject().put("type", "DisruptionTarget");
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").putObject("labels").put(StagingNames.LABEL, n.id());
        ObjectNode pod = template.putObject("spec");
        pod.put("restartPolicy", "Never");
        pod.putObject("nodeSelector").put(StagingNames.LABEL, n.id());
        ArrayNode tolerations = pod.putArray("tolerations");
        for (String effect : DRILL_TAINT_EFFECTS) {
            tolerations.addObject().put("key", StagingNames.LABEL).put("operator", "Equal").put("value", n.id())
                    .put("effect", effect);
        }
        ObjectNode c = pod.putArray("containers").addObject();
        c.put("name", "trainer").put("image", "nvcr.io/nvidia/pytorch:24.05-py3");
        c.putArray("command").add("torchrun").add("--nproc-per-node=" + g.gpusPerRank()).add("/workspace/train.py");
        c.putObject("resources").putObject("limits").put("nvidia.com/gpu", Integer.toString(g.gpusPerRank()));
        c.putArray("volumeMounts").addObject().put("name", "dshm").put("mountPath", "/dev/shm");
        pod.putArray("volumes").addObject().put("name", "dshm").putObject("emptyDir").put("medium", "Memory");
        return job;
    }

    /** The annotations a trainer writes after each checkpoint (conventions §4). */
    static void checkpoint(ObjectNode annotations, String uri, Instant at, long step) {
        annotations.put("flightdeck.dev/checkpoint-uri", uri).put("flightdeck.dev/checkpoint-time",
                at.truncatedTo(ChronoUnit.SECONDS).toString()).put("flightdeck.dev/checkpoint-step", Long.toString(step));
    }

    static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** A Lease's MicroTime: RFC 3339 with microseconds. */
    static String microTime(Instant i) {
        return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'")
                .withZone(java.time.ZoneOffset.UTC).format(i);
    }
}
