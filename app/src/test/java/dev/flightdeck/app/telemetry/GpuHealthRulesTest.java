package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.nodes.GpuHealthFinding;
import dev.flightdeck.app.nodes.NodeVerdict;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.flightdeck.app.telemetry.Frames.frame;
import static dev.flightdeck.app.telemetry.Frames.gpu;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What DCGM says of a node's trust: untrusted for a failed row remap, a double-bit ECC error, a critical Xid; degraded when a remap is pending or a busy GPU is throttled. */
class GpuHealthRulesTest {

    @Test
    void aFailedRowRemapOrADoubleBitErrorMakesTheNodeUntrusted() {
        Map<String, List<GpuHealthFinding>> f = GpuHealthRules.assess(frame(List.of(
                gpu("gpu-node-001", 3, "a", 95, 99, Map.of(DcgmField.ROW_REMAP_FAILURE, 1.0, DcgmField.ROW_REMAP_PENDING, 1.0)),
                gpu("gpu-node-002", 5, "b", 95, 99, Map.of(DcgmField.ECC_DBE_VOL_TOTAL, 2.0)),
                gpu("gpu-node-003", 0, "c", 95, 99, Map.of(DcgmField.ECC_SBE_VOL_TOTAL, 1_200.0, DcgmField.ECC_DBE_VOL_TOTAL, 0.0)))));
        assertEquals(List.of(new GpuHealthFinding(NodeVerdict.UNTRUSTED, "GPU 3 failed a row remapping (no spare rows left; DCGM)")),
                f.get("gpu-node-001"), "a failure, not also a pending remap");
        assertEquals(List.of(new GpuHealthFinding(NodeVerdict.UNTRUSTED, "GPU 5: 2 double-bit ECC errors since the driver loaded (DCGM)")),
                f.get("gpu-node-002"));
        assertEquals(null, f.get("gpu-node-003"), "single-bit errors are corrected: no finding");
    }

    @Test
    void aPendingRemapOrAThrottledBusyGpuDegradesButAnIdleGpuClockedDownDoesNot() {
        Map<String, List<GpuHealthFinding>> f = GpuHealthRules.assess(frame(List.of(
                gpu("gpu-node-001", 1, "a", 95, 99, Map.of(DcgmField.ROW_REMAP_PENDING, 1.0)),
                gpu("gpu-node-002", 2, "b", 97, 99, Map.of(DcgmField.SM_CLOCK, 1_095.0, DcgmField.MAX_SM_CLOCK, 1_980.0,
                        DcgmField.GPU_TEMP, 88.0)),
                gpu("gpu-node-003", 0, null, 0, 0, Map.of(DcgmField.SM_CLOCK, 345.0, DcgmField.MAX_SM_CLOCK, 1_980.0)))));
        assertEquals(NodeVerdict.DEGRADED, f.get("gpu-node-001").getFirst().verdict());
        assertEquals("GPU 2 throttled: SM clock 1,095 of 1,980 MHz while 97% busy (88 °C)", f.get("gpu-node-002").getFirst().words());
        assertTrue(!f.containsKey("gpu-node-003"), f.toString());
    }

    @Test
    void onlyANewCriticalXidCounts() {
        GpuSignals old79 = gpu("gpu-node-001", 5, "a", 95, 99, Map.of(DcgmField.XID_ERRORS, 79.0));
        GpuSignals new79 = new GpuSignals(old79.placement(), old79.values(), 99, true);
        GpuSignals new13 = new GpuSignals(gpu("gpu-node-002", 1, "b", 95, 99, Map.of(DcgmField.XID_ERRORS, 13.0)).placement(),
                Map.of(DcgmField.XID_ERRORS, 13.0), 99, true);
        assertTrue(GpuHealthRules.assess(frame(List.of(old79))).isEmpty(), "the gauge keeps the last Xid forever: only a change is news");
        assertEquals("GPU 5: Xid 79 (fell off the bus, DCGM)", GpuHealthRules.assess(frame(List.of(new79))).get("gpu-node-001")
                .getFirst().words());
        assertTrue(GpuHealthRules.assess(frame(List.of(new13))).isEmpty(), "Xid 13 is the program's, not the GPU's");
    }
}
