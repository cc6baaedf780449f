package dev.flightdeck.app.fleet;

/** Label, annotation and resource keys set by the NVIDIA GPU Operator, GFD and Kubernetes (conventions §1). */
public final class GpuLabels {
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
