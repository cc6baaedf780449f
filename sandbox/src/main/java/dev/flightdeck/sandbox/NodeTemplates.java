package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;

/** Builds Node objects shaped like those of a real GPU Operator cluster (labels as GFD writes them). */
final class NodeTemplates {

    private NodeTemplates() {
    }

    static ObjectNode gpuNode(String name, int rackIndex, Instant now) {
        ObjectNode n = SandboxJson.MAPPER.createObjectNode();
        ObjectNode meta = n.putObject("metadata");
        meta.put("name", name);
        meta.put("creationTimestamp", now.minusSeconds(86_400L * 30).toString());
        ObjectNode l = meta.putObject("labels");
        l.put("kubernetes.io/hostname", name);
        l.put("kubernetes.io/arch", "amd64");
        l.put("kubernetes.io/os", "linux");
        l.put("node.kubernetes.io/instance-type", "Standard_ND96isr_H100_v5");
        l.put("topology.kubernetes.io/zone", "eastus-" + (1 + rackIndex % 3));
        l.put("feature.node.kubernetes.io/pci-10de.present", "true");
        l.put("nvidia.com/gpu.present", "true");
        l.put("nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3");
        l.put("nvidia.com/gpu.count", "8");
        l.put("nvidia.com/gpu.memory", "81559");
        l.put("nvidia.com/gpu.family", "hopper");
        l.put("nvidia.com/gpu.clique", "rack-" + (rackIndex / 18) + ".0");
        l.put("nvidia.com/cuda.driver-version.full", "570.124.06");
        l.put("nvidia.com/mig.strategy", "single");
        l.put("nvidia.com/gfd.timestamp", Long.toString(now.getEpochSecond() - 3600));
        l.put("nvidia.com/gpu.deploy.device-plugin", "true");
        l.put("nvidia.com/gpu.deploy.dcgm-exporter", "true");
        meta.putObject("annotations").put("node.alpha.kubernetes.io/ttl", "0");
        n.putObject("spec").put("providerID", "azure:///subscriptions/sandbox/" + name);
        ObjectNode st = n.putObject("status");
        resources(st.putObject("capacity"), "96", "1900Gi", 8);
        resources(st.putObject("allocatable"), "95", "1800Gi", 8);
        ArrayNode conds = st.putArray("conditions");
        for (String t : new String[]{"MemoryPressure", "DiskPressure", "PIDPressure"}) {
            condition(conds, t, "False", "KubeletHas" + (t.equals("PIDPressure") ? "SufficientPID" : "No" + t),
                    "kubelet has no " + t.replace("Pressure", " pressure").toLowerCase(), now.minusSeconds(86_400));
        }
        condition(conds, "Ready", "True", "KubeletReady", "kubelet is posting ready status", now.minusSeconds(86_400));
        ObjectNode info = st.putObject("nodeInfo");
        info.put("kubeletVersion", "v1.32.3");
        info.put("containerRuntimeVersion", "containerd://1.7.27");
        info.put("kernelVersion", "5.15.0-1089-azure");
        info.put("osImage", "Ubuntu 22.04.5 LTS");
        info.put("architecture", "amd64");
        info.put("operatingSystem", "linux");
        return n;
    }

    static ObjectNode systemNode(String name, Instant now) {
        ObjectNode n = gpuNode(name, 0, now);
        ObjectNode l = (ObjectNode) n.path("metadata").path("labels");
        l.removeAll();
        l.put("kubernetes.io/hostname", name);
        l.put("node.kubernetes.io/instance-type", "Standard_D16s_v5");
        l.put("node-role.kubernetes.io/system", "");
        ObjectNode st = (ObjectNode) n.path("status");
        ((ObjectNode) st.path("capacity")).remove("nvidia.com/gpu");
        ((ObjectNode) st.path("allocatable")).remove("nvidia.com/gpu");
        return n;
    }

    private static void resources(ObjectNode r, String cpu, String memory, int gpus) {
        r.put("cpu", cpu);
        r.put("memory", memory);
        r.put("ephemeral-storage", "2Ti");
        r.put("pods", "110");
        r.put("nvidia.com/gpu", Integer.toString(gpus));
        r.put("rdma/ib", "8");
    }

    static void condition(ArrayNode conds, String type, String status, String reason, String message, Instant since) {
        ObjectNode c = conds.addObject();
        c.put("type", type);
        c.put("status", status);
        c.put("reason", reason);
        c.put("message", message);
        c.put("lastHeartbeatTime", since.toString());
        c.put("lastTransitionTime", since.toString());
    }

    /** The node's taint list, created when it has none. */
    static ArrayNode taints(ObjectNode node) {
        return node.with("spec").withArray("taints");
    }

    /** Sets (or adds) one condition on a node object. */
    static void setCondition(ObjectNode node, String type, String status, String reason, String message, Instant at) {
        ArrayNode conds = node.with("status").withArray("conditions");
        for (int i = 0; i < conds.size(); i++) {
            if (type.equals(conds.get(i).path("type").asText())) {
                conds.remove(i);
                break;
            }
        }
        condition(conds, type, status, reason, message, at);
    }
}
