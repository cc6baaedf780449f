package dev.flightdeck.views.shell;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScreenThreadsFirstTest {

    @Test
    void theScreenThreadsAndTheCollectorsKeepTheirPriority() {
        // names as /proc/self/task/*/comm gives them: cut at 15 characters
        for (String name : new String[] {"JavaFX Applicat", "QuantumRenderer", "InvokeLaterDisp", "GC Thread#0",
                "G1 Conc#0", "G1 Main Marker", "VM Thread"}) {
            assertFalse(ScreenThreadsFirst.isBackground(name), name);
        }
    }

    @Test
    void theConsolesOwnWorkAndTheCompilersRunBelowThem() {
        for (String name : new String[] {"cluster-model", "watch-pods", "vert.x-eventloo", "C2 CompilerThre",
                "C1 CompilerThre", "telemetry", "ForkJoinPool-1-w", "background-nice"}) {
            assertTrue(ScreenThreadsFirst.isBackground(name), name);
        }
    }
}
