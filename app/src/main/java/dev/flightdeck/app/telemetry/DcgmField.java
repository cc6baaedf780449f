package dev.flightdeck.app.telemetry;

import java.util.Arrays;
import java.util.Optional;

/**
 * The dcgm-exporter series Flightdeck reads, by the names the exporter writes (conventions: "GPU telemetry"). Each
 * is one gauge per GPU; {@link #XID_ERRORS} holds the last Xid and never resets, so a change of it is the event.
 */
public enum DcgmField {
    GPU_UTIL("DCGM_FI_DEV_GPU_UTIL"),
    /** A ratio 0..1, profiling metrics: not on every SKU. Preferred to GPU_UTIL where present. */
    GR_ENGINE_ACTIVE("DCGM_FI_PROF_GR_ENGINE_ACTIVE"),
    FB_USED("DCGM_FI_DEV_FB_USED"),
    FB_FREE("DCGM_FI_DEV_FB_FREE"),
    GPU_TEMP("DCGM_FI_DEV_GPU_TEMP"),
    POWER_USAGE("DCGM_FI_DEV_POWER_USAGE"),
    SM_CLOCK("DCGM_FI_DEV_SM_CLOCK"),
    MAX_SM_CLOCK("DCGM_FI_DEV_MAX_SM_CLOCK"),
    XID_ERRORS("DCGM_FI_DEV_XID_ERRORS"),
    ECC_SBE_VOL_TOTAL("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"),
    ECC_DBE_VOL_TOTAL("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"),
    ROW_REMAP_FAILURE("DCGM_FI_DEV_ROW_REMAP_FAILURE"),
    ROW_REMAP_PENDING("DCGM_FI_DEV_ROW_REMAP_PENDING"),
    UNCORRECTABLE_REMAPPED_ROWS("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS"),
    PCIE_REPLAY_COUNTER("DCGM_FI_DEV_PCIE_REPLAY_COUNTER"),
    NVLINK_REPLAY_ERRORS("DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL");

    private final String metric;

    DcgmField(String metric) {
        this.metric = metric;
    }

    /** The series name as dcgm-exporter writes it. */
    public String metric() {
        return metric;
    }

    public static Optional<DcgmField> ofMetric(String name) {
        return Arrays.stream(values()).filter(f -> f.metric.equals(name)).findFirst();
    }
}
