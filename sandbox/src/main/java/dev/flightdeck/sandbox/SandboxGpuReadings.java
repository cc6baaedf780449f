package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.EnumMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one H100 of a sandbox node reads, by {@link DcgmSeries}: busy under a running rank (utilisation 85–99 %, power
 * near its 700 W, memory used, SM clock near its 1,980 MHz maximum), idle but holding its memory under a halted or
 * stalled rank, idle and empty without one; the node's standing trouble (an Xid, GPUs the device plugin withdrew, an
 * NVLink down, as {@link SandboxTrouble} writes them on the Node) and the drills' faults ({@link SandboxGpuFaults}) on
 * top. Deterministic: the same GPU at the same ten seconds reads the same, with noise from one GPU to the next and
 * from one ten-second slot to the next; counters never go down.
 */
final class SandboxGpuReadings {

    /** The node's GPU trouble, read from its conditions and resources. */
    record NodeTrouble(int xidGpu, int xidCode, int withdrawnFrom, int nvlinkGpu) {
        static final NodeTrouble NONE = new NodeTrouble(-1, 0, SandboxGpuFaults.GPUS_PER_NODE, -1);
    }

    static final int FB_TOTAL_MIB = 81_559;
    static final int FB_RESERVED_MIB = 570;
    static final int MAX_SM_CLOCK_MHZ = 1_980;

    private static final Pattern XID = Pattern.compile("Xid (\\d+) on GPU (\\d+)");
    private static final Pattern ON_GPU = Pattern.compile("on GPU (\\d+)");
    private static final long SLOT_SECONDS = 10;
    private static final long BOOTED_AT = java.time.Instant.now().getEpochSecond() - 30 * 86_400L;

    private SandboxGpuReadings() {
    }

    static NodeTrouble trouble(JsonNode node) {
        int xidGpu = -1;
        int xidCode = 0;
        int nvlinkGpu = -1;
        for (JsonNode c : node.path("status").path("conditions")) {
            if (!"True".equals(c.path("status").asText())) {
                continue;
            }
            String message = c.path("message").asText("");
            Matcher m;
            if (c.path("type").asText().equals("SysLogsXIDError") && (m = XID.matcher(message)).find()) {
                xidCode = Integer.parseInt(m.group(1));
                xidGpu = Integer.parseInt(m.group(2));
            } else if (c.path("type").asText().equals("GpuNvlinkWatch") && (m = ON_GPU.matcher(message)).find()) {
                nvlinkGpu = Integer.parseInt(m.group(1));
            }
        }
        int allocatable = gpus(node.path("status").path("allocatable"), SandboxGpuFaults.GPUS_PER_NODE);
        return new NodeTrouble(xidGpu, xidCode, Math.min(allocatable, SandboxGpuFaults.GPUS_PER_NODE), nvlinkGpu);
    }

    /**
     * @param held    the pod holding the GPU, or null
     * @param stalled whether that pod is a rank of a stalled gang
     */
    static Map<DcgmSeries, Double> read(String node, int gpu, NodeTrouble trouble, SandboxGpuWorkloads.Workload held,
                                        boolean stalled, SandboxGpuFaults faults, long epochSecond) {
        long seed = (node.hashCode() * 31L + gpu) * 0x9E3779B97F4A7C15L;
        long slot = epochSecond / SLOT_SECONDS;
        boolean offTheBus = trouble.xidGpu() == gpu && trouble.xidCode() == 79;
        boolean withdrawn = gpu >= trouble.withdrawnFrom();
        boolean working = held != null && !held.halted() && !stalled && !offTheBus;
        boolean throttled = faults.throttled(node, gpu);
        Map<DcgmSeries, Double> v = new EnumMap<>(DcgmSeries.class);

        double util = working ? 85 + Math.floor(noise(seed, 1, slot) * 15) : 0;
        double fbUsed = held != null ? 62_000 + Math.floor(noise(seed, 2, 0) * 14_000) : 0;
        double temp = working ? 52 + Math.floor(noise(seed, 3, slot) * 14) : held != null ? 36 + Math.floor(noise(seed, 3, slot) * 5)
                : 29 + Math.floor(noise(seed, 3, slot) * 5);
        double power = working ? 560 + noise(seed, 4, slot) * 130 : held != null ? 115 + noise(seed, 4, slot) * 20
                : 68 + noise(seed, 4, slot) * 8;
        double sm = working ? Math.min(MAX_SM_CLOCK_MHZ, 1_755 + Math.floor(noise(seed, 5, slot) * 240))
                : held != null ? MAX_SM_CLOCK_MHZ : 345;
        if (throttled) {
            // Thermal slowdown: the clock far under its maximum while the work goes on, the die at its slowdown point.
            temp = 87 + Math.floor(noise(seed, 3, slot) * 5);
            sm = working ? 990 + Math.floor(noise(seed, 5, slot) * 160) : sm;
        }
        double engine = working ? Math.max(0, util / 100 - 0.02 - noise(seed, 6, slot) * 0.05) : 0;
        v.put(DcgmSeries.SM_CLOCK, sm);
        v.put(DcgmSeries.MEM_CLOCK, held != null ? 2_619.0 : 1_593.0);
        v.put(DcgmSeries.MAX_SM_CLOCK, (double) MAX_SM_CLOCK_MHZ);
        v.put(DcgmSeries.MEMORY_TEMP, temp + 4 + Math.floor(noise(seed, 7, slot) * 4));
        v.put(DcgmSeries.GPU_TEMP, temp);
        v.put(DcgmSeries.POWER_USAGE, power);
        // Energy since boot (30 days before the sandbox started, give or take a few hours): about 300 W on average.
        v.put(DcgmSeries.TOTAL_ENERGY_CONSUMPTION, (double) (slot * SLOT_SECONDS - BOOTED_AT + Math.floorMod(seed, 20_000))
                * 300_000);
        v.put(DcgmSeries.PCIE_REPLAY_COUNTER, Math.floor(noise(seed, 8, 0) * 3));
        v.put(DcgmSeries.GPU_UTIL, util);
        v.put(DcgmSeries.MEM_COPY_UTIL, working ? 30 + Math.floor(noise(seed, 9, slot) * 25) : 0);
        // A GPU the device plugin withdrew says nothing more in DCGM: the plugin's own health check took it out, and a
        // drill that withdraws GPUs rehearses exactly that (a node degraded, not a memory error that distrusts it).
        int xid = trouble.xidGpu() == gpu ? trouble.xidCode() : 0;
        v.put(DcgmSeries.XID_ERRORS, (double) xid);
        v.put(DcgmSeries.FB_FREE, FB_TOTAL_MIB - FB_RESERVED_MIB - fbUsed);
        v.put(DcgmSeries.FB_USED, fbUsed);
        v.put(DcgmSeries.FB_RESERVED, (double) FB_RESERVED_MIB);
        v.put(DcgmSeries.ECC_SBE_VOL_TOTAL, Math.floor(noise(seed, 10, 0) * 3));
        v.put(DcgmSeries.ECC_DBE_VOL_TOTAL, (double) faults.doubleBitErrors(node, gpu));
        v.put(DcgmSeries.NVLINK_REPLAY_ERROR_COUNT_TOTAL, trouble.nvlinkGpu() == gpu ? 1_200 + Math.floor(noise(seed, 11, 0) * 400) : 0);
        v.put(DcgmSeries.NVLINK_BANDWIDTH_TOTAL, (double) (slot % 1_000_000_000L) * 36_000 + Math.floorMod(seed, 1_000));
        boolean remapFailed = faults.rowRemapFailed(node, gpu);
        v.put(DcgmSeries.UNCORRECTABLE_REMAPPED_ROWS, remapFailed ? 3 + Math.floor(noise(seed, 12, 0) * 3) : 0);
        v.put(DcgmSeries.CORRECTABLE_REMAPPED_ROWS, Math.floor(noise(seed, 13, 0) * 2));
        v.put(DcgmSeries.ROW_REMAP_FAILURE, remapFailed ? 1.0 : 0);
        v.put(DcgmSeries.ROW_REMAP_PENDING, 0.0);
        v.put(DcgmSeries.GR_ENGINE_ACTIVE, engine);
        v.put(DcgmSeries.PIPE_TENSOR_ACTIVE, engine * 0.6);
        v.put(DcgmSeries.DRAM_ACTIVE, working ? 0.35 + noise(seed, 14, slot) * 0.2 : 0);
        return v;
    }

    /** A number in [0, 1) fixed by the GPU, the series and the slot (0 for a value that never changes). */
    private static double noise(long seed, int series, long slot) {
        long z = seed + series * 0xBF58476D1CE4E5B9L + slot * 0x94D049BB133111EBL;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) * 0x1.0p-53;
    }

    private static int gpus(JsonNode resources, int fallback) {
        JsonNode n = resources.path("nvidia.com/gpu");
        try {
            return n.isMissingNode() ? fallback : Integer.parseInt(n.asText().trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
