package dev.flightdeck.sandbox;

/**
 * The series the sandbox's dcgm-exporter serves, in the order it writes them: the fields of dcgm-exporter's default
 * counters file (NVIDIA/dcgm-exporter {@code etc/default-counters.csv}: names, Prometheus types and HELP texts as it
 * has them) plus what a GPU fleet's operators usually switch on in a custom counters file (ECC, NVLink replays,
 * the maximum SM clock, a pending row remap: HELP texts from DCGM's field descriptions). The sandbox's own list, not
 * the console's: it serves more families than the console reads, as a real exporter does, so a reader that keeps only
 * its own is tested against the rest. A double is written as Go's {@code %f} (six decimals), an integer as is.
 */
enum DcgmSeries {
    SM_CLOCK("DCGM_FI_DEV_SM_CLOCK", "gauge", "SM clock frequency (in MHz).", false),
    MEM_CLOCK("DCGM_FI_DEV_MEM_CLOCK", "gauge", "Memory clock frequency (in MHz).", false),
    MAX_SM_CLOCK("DCGM_FI_DEV_MAX_SM_CLOCK", "gauge", "Maximum supported SM clock for the device (in MHz).", false),
    MEMORY_TEMP("DCGM_FI_DEV_MEMORY_TEMP", "gauge", "Memory temperature (in C).", false),
    GPU_TEMP("DCGM_FI_DEV_GPU_TEMP", "gauge", "GPU temperature (in C).", false),
    POWER_USAGE("DCGM_FI_DEV_POWER_USAGE", "gauge", "Power draw (in W).", true),
    TOTAL_ENERGY_CONSUMPTION("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "counter",
            "Total energy consumption since boot (in mJ).", false),
    PCIE_REPLAY_COUNTER("DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "counter", "Total number of PCIe retries.", false),
    GPU_UTIL("DCGM_FI_DEV_GPU_UTIL", "gauge", "GPU utilization (in %).", false),
    MEM_COPY_UTIL("DCGM_FI_DEV_MEM_COPY_UTIL", "gauge", "Memory utilization (in %).", false),
    XID_ERRORS("DCGM_FI_DEV_XID_ERRORS", "gauge", "Value of the last XID error encountered.", false),
    FB_FREE("DCGM_FI_DEV_FB_FREE", "gauge", "Framebuffer memory free (in MiB).", false),
    FB_USED("DCGM_FI_DEV_FB_USED", "gauge", "Framebuffer memory used (in MiB).", false),
    FB_RESERVED("DCGM_FI_DEV_FB_RESERVED", "gauge", "Framebuffer memory reserved (in MiB).", false),
    ECC_SBE_VOL_TOTAL("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "counter", "Total number of single-bit volatile ECC errors.", false),
    ECC_DBE_VOL_TOTAL("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "counter", "Total number of double-bit volatile ECC errors.", false),
    NVLINK_REPLAY_ERROR_COUNT_TOTAL("DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL", "counter",
            "Total number of NVLink retries.", false),
    NVLINK_BANDWIDTH_TOTAL("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "counter",
            "Total number of NVLink bandwidth counters for all lanes.", false),
    UNCORRECTABLE_REMAPPED_ROWS("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "counter",
            "Number of remapped rows for uncorrectable errors", false),
    CORRECTABLE_REMAPPED_ROWS("DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", "counter",
            "Number of remapped rows for correctable errors", false),
    ROW_REMAP_FAILURE("DCGM_FI_DEV_ROW_REMAP_FAILURE", "gauge", "Whether remapping of rows has failed", false),
    ROW_REMAP_PENDING("DCGM_FI_DEV_ROW_REMAP_PENDING", "gauge", "Whether remapping of rows is pending", false),
    GR_ENGINE_ACTIVE("DCGM_FI_PROF_GR_ENGINE_ACTIVE", "gauge", "Ratio of time the graphics engine is active.", true),
    PIPE_TENSOR_ACTIVE("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "gauge", "Ratio of cycles the tensor (HMMA) pipe is active.", true),
    DRAM_ACTIVE("DCGM_FI_PROF_DRAM_ACTIVE", "gauge",
            "Ratio of cycles the device memory interface is active sending or receiving data.", true);

    final String metric;
    final String type;
    final String help;
    final boolean decimal;

    DcgmSeries(String metric, String type, String help, boolean decimal) {
        this.metric = metric;
        this.type = type;
        this.help = help;
        this.decimal = decimal;
    }
}
