package dev.flightdeck.app.telemetry;

/**
 * Which GPU a series is about and where it is: its node and index, its UUID and model, and the workload pod using it
 * when dcgm-exporter's Kubernetes mapping names one (null namespace/pod otherwise). Made from the series' labels by
 * {@link GpuLabelMapping}.
 *
 * @param node         the node the GPU is in (never null: a series that cannot be placed is dropped, and counted)
 * @param gpu          the GPU's index on its node ({@code gpu} label)
 * @param uuid         {@code UUID}, or "" when missing
 * @param model        {@code modelName}, or "" when missing
 * @param podNamespace the workload pod's namespace, or null
 * @param pod          the workload pod's name, or null
 */
public record GpuPlacement(String node, int gpu, String uuid, String model, String podNamespace, String pod) {

    /** {@code node/gpu}: one GPU in the whole cluster. */
    public String key() {
        return node + "/" + gpu;
    }

    public boolean hasWorkload() {
        return pod != null;
    }
}
