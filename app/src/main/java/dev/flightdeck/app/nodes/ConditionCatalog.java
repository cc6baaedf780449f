package dev.flightdeck.app.nodes;

import java.util.Set;

/**
 * Node condition types the console recognises by name (conventions §1). There is
 * no upstream standard for GPU conditions, so any other condition that is True is
 * still treated as a problem, just a less certain one.
 */
final class ConditionCatalog {

    /** NVIDIA NVSentinel GPU health checks: True means the GPUs cannot be trusted. */
    static final Set<String> GPU_FAULTS = Set.of(
            "GpuMemWatch", "GpuThermalWatch", "GpuPcieWatch", "GpuPowerWatch", "GpuInforomWatch",
            "GpuSmWatch", "GpuNvlinkWatch", "GpuDriverWatch", "SysLogsXIDError", "SysLogsSXIDError",
            "SysLogsGPUFallenOff", "NVSwitchFatalError", "NVSwitchDown", "DCGMError");

    /** node-problem-detector and kubelet faults that make the node unfit for a rank. */
    static final Set<String> NODE_FAULTS = Set.of(
            "KernelDeadlock", "ReadonlyFilesystem", "XfsShutdown", "NetworkUnavailable");

    /** Kubelet pressure: the node works, but worse. */
    static final Set<String> PRESSURE = Set.of("MemoryPressure", "DiskPressure", "PIDPressure");

    /** Maintenance events announced as conditions (NVSentinel, AKS, Nebius). */
    static final Set<String> MAINTENANCE = Set.of("CSPMaintenance", "VMEventScheduled", "NebiusMaintenanceScheduled");

    static final String READY = "Ready";

    private ConditionCatalog() {
    }
}
