package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The sandbox's simulated hardware, as its validation jobs find it: a node's GPUs are broken when
 * the health agent the sandbox plays (NVSentinel's and DCGM's naming: {@code Gpu…}, {@code SysLogs…},
 * {@code NVSwitch…}, {@code DCGM…} conditions) reports a fault True, or the device plugin has
 * withdrawn some of them. This is the sandbox's own script, deliberately not the console's
 * {@code GpuTrustRules}: tests compare the console's verdicts with it, so it must not be the same code.
 */
final class SimulatedGpuHealth {

    private SimulatedGpuHealth() {
    }

    /** What a GPU diagnostic on {@code node} reports as failed, in words, or null when its GPUs work. */
    static String fault(JsonNode node) {
        JsonNode status = node.path("status");
        int capacity = gpus(status.path("capacity"));
        int allocatable = gpus(status.path("allocatable"));
        if (allocatable < capacity) {
            return (capacity - allocatable) + " of " + capacity + " GPUs withdrawn by the device plugin (marked Unhealthy)";
        }
        for (JsonNode c : status.path("conditions")) {
            String type = c.path("type").asText();
            if ("True".equals(c.path("status").asText()) && isHardwareFault(type)) {
                String reason = c.path("reason").asText("");
                String message = c.path("message").asText("");
                return type + (reason.isEmpty() ? "" : " (" + reason + ")") + (message.isEmpty() ? "" : ": " + message);
            }
        }
        return null;
    }

    private static boolean isHardwareFault(String type) {
        return type.startsWith("Gpu") || type.startsWith("SysLogs") || type.startsWith("NVSwitch") || type.startsWith("DCGM");
    }

    private static int gpus(JsonNode resources) {
        JsonNode n = resources.path("nvidia.com/gpu");
        try {
            return n.isMissingNode() ? 0 : Integer.parseInt(n.asText().trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
