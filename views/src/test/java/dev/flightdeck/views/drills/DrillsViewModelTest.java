package dev.flightdeck.views.drills;

import dev.flightdeck.drills.DrillStartException;
import dev.flightdeck.drills.report.DrillResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Drills screen's state without a scene: the catalogue, a start that fails in words, a refused file. */
class DrillsViewModelTest {

    @Test
    void aDrillWhoseSandboxCannotStartSaysWhyAndTheScreenStaysUsable(@TempDir Path home) {
        DrillsViewModel vm = new DrillsViewModel(home.resolve("drills"), new DrillResults(home.resolve("results")),
                start -> {
                    throw new DrillsViewModel.DrillStartFailure(new DrillStartException(
                            "the drill's sandbox could not start: no free port on 127.0.0.1", null));
                }, Runnable::run, Runnable::run);
        vm.load();
        assertTrue(vm.scenarios().size() >= 9, "the bundled scenarios");
        assertTrue(vm.selectedProperty().get().ok(), "the first one selected");
        vm.start();
        assertEquals(DrillsViewModel.Phase.CHOOSING, vm.phaseProperty().get());
        assertEquals("The drill could not start: the drill's sandbox could not start: no free port on 127.0.0.1",
                vm.problemProperty().get());
        assertFalse(vm.running());
        vm.opened("node/gpu-node-001", "opened node gpu-node-001"); // nothing runs: nothing to tell, nothing thrown
        assertNull(vm.clockProperty().get());
    }

    @Test
    void aRefusedUserScenarioIsListedWithWhereItIsWrongAndCannotStart(@TempDir Path home) throws Exception {
        Path drills = Files.createDirectories(home.resolve("drills"));
        Files.writeString(drills.resolve("broken.yaml"), "id: broken\ntitle: [\n");
        boolean[] started = {false};
        DrillsViewModel vm = new DrillsViewModel(drills, new DrillResults(home.resolve("results")), s -> {
            started[0] = true;
            return null;
        }, Runnable::run, Runnable::run);
        vm.load();
        var refused = vm.scenarios().stream().filter(e -> !e.ok()).findFirst().orElseThrow();
        assertTrue(refused.error().getMessage().startsWith(drills.resolve("broken.yaml") + ":"), refused.error().getMessage());
        vm.selectedProperty().set(refused);
        vm.start();
        assertFalse(started[0], "a refused scenario does not start");
        assertEquals(DrillsViewModel.Phase.CHOOSING, vm.phaseProperty().get());
    }
}
