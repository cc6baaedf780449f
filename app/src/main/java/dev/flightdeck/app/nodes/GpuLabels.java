package dev.flightdeck.app.nodes;

/** Label, annotation and resource keys set by the NVIDIA GPU Operator, GFD and Kubernetes (conventions §1). */
public final class GpuLabels {

    /**
     * Flightdeck's own mark on what a drill creates on a staging cluster: a label ({@code flightdeck.dev/drill=ID})
     * on its virtual nodes, namespace and pods, and a NoSchedule taint with the same key on its nodes.
     */
    public static final String DRILL = "flightdeck.dev/drill";
    public static final String PRESENT = "nvidia.com/gpu.present";
    public static final String PRODUCT = "nvidia.com/gpu.product";
    public static final String COUNT = "nvidia.com/gpu.count";
    public static final String MEMORY = "nvidia.com/gpu.memory";
    public static final String DRIVER = "nvidia.com/cuda.driver-version.full";
    public static final String GPU_RESOURCE = "nvidia.com/gpu";

    /** GKE: scheduled maintenance start, Unix seconds. */
    public static final String GKE_MAINTENANCE_TIME = "cloud.google.com/scheduled-maintenance-time";

    public static final String CORDON_REASON = "flightdeck.dev/cordon-reason";
    public static final String CORDONED_BY = "flightdeck.dev/cordoned-by";
    public static final String CORDONED_AT = "flightdeck.dev/cordoned-at";

    public static final String UNSCHEDULABLE_TAINT = "node.kubernetes.io/unschedulable";

    private GpuLabels() {
    }
}
