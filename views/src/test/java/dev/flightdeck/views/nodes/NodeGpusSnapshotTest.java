package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.telemetry.DcgmField;
import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.telemetry.TelemetryViewModel;
import dev.flightdeck.views.telemetry.TestFrames;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The nodes screen with a node's GPUs from an hour of hand-built telemetry (a failed row remap on GPU 3, GPU 5
 * throttled, a gap where a read failed), its verdict judged by a real fleet model from the same telemetry:
 * snapshotted to {@code target/screenshots/node-gpus.png} to be looked at.
 */
@ExtendWith(ApplicationExtension.class)
class NodeGpusSnapshotTest {

    private final TestNodes.Fleet fleet = new TestNodes.Fleet();
    private NodesViewModel vm;
    private Scene scene;

    @Start
    void start(Stage stage) throws Exception {
        vm = new NodesViewModel(TestNodes.CLOCK);
        vm.setPodSource(fleet.model::podsOn);
        NodeFacts[] nodes = {TestNodes.node("gpu-node-003").build(), TestNodes.node("gpu-node-004").build()};
        vm.apply(fleet.relist(nodes));
        TelemetryViewModel telemetry = new TelemetryViewModel(Runnable::run, Runnable::run);
        TestFrames.Feed feed = new TestFrames.Feed(fleet.model::gangs, fleet.model::onTelemetry);
        telemetry.attach(feed.poller);
        for (int i = 0; i < 100; i++) {
            feed.read(i == 61 || i == 62 ? null : TestFrames.frame(gpus(i)), Duration.ofSeconds(30));
        }
        // The model folds telemetry's findings in its own time: apply until the last refresh's are on the node.
        do {
            vm.apply(fleet.next());
        } while (!vm.row("gpu-node-003").node().trust().reasonText().contains("GPU 5 throttled"));
        NodesView view = new NodesView(vm, TestNodes.CLOCK);
        view.showGpuTelemetry(telemetry.snapshotProperty());
        scene = new Scene(view, 1500, 980);
        dev.flightdeck.views.theme.Themes.install(scene);
        stage.setScene(scene);
        stage.setX(0);
        stage.setY(0);
        stage.show();
        vm.select("gpu-node-003");
    }

    @AfterEach
    void close() {
        fleet.close();
    }

    /** Refresh {@code i} of gpu-node-003: a training step's rhythm, GPU 3 broken, GPU 5 throttled, GPU 7 idle. */
    private static List<GpuSignals> gpus(int i) {
        List<GpuSignals> out = new ArrayList<>();
        for (int g = 0; g < 8; g++) {
            double util = g == 7 ? 0 : g == 3 && i > 80 ? 0 : 70 + 25 * Math.sin((i + g * 3) / 5.0);
            Map<DcgmField, Double> more = new EnumMap<>(DcgmField.class);
            more.putAll(Map.of(DcgmField.FB_USED, g == 7 ? 512.0 : 61_440.0, DcgmField.FB_FREE, g == 7 ? 81_408.0 : 20_480.0,
                    DcgmField.GPU_TEMP, g == 5 ? 87.0 : 62.0 + g, DcgmField.POWER_USAGE, g == 7 ? 71.0 : 540.0 + g * 7,
                    DcgmField.SM_CLOCK, g == 5 ? 1_095.0 : 1_980.0, DcgmField.MAX_SM_CLOCK, 1_980.0,
                    DcgmField.ECC_SBE_VOL_TOTAL, g == 3 ? 1_204.0 : 0.0, DcgmField.ECC_DBE_VOL_TOTAL, g == 3 ? 2.0 : 0.0,
                    DcgmField.ROW_REMAP_FAILURE, g == 3 ? 1.0 : 0.0, DcgmField.ROW_REMAP_PENDING, 0.0));
            more.put(DcgmField.XID_ERRORS, g == 3 ? 48.0 : 0.0);
            out.add(TestFrames.gpu("gpu-node-003", g, g == 7 ? null : "llm-pretrain-3", util, more));
        }
        return out;
    }

    @Test
    void aNodesGpusRead(FxRobot robot) throws Exception {
        FxWait.until(() -> robot.lookup("#node-gpus-table").tryQuery().isPresent(), "the GPU table");
        assertEquals(NodeVerdict.UNTRUSTED, vm.row("gpu-node-003").node().verdict(), "the failed row remap distrusts it");
        assertTrue(robot.lookup("#gpu-3").queryAs(Label.class).getStyleClass().contains(Styles.PROBLEM));
        assertTrue(robot.lookup("#node-gpus-title").queryAs(Label.class).getText().startsWith("GPUs (8) · a test Prometheus"));
        Path shot = Screenshots.writeBothThemes(scene, "node-gpus");
        assertTrue(Files.size(shot) > 20_000, "a picture with content: " + shot);

        robot.interact(() -> vm.select("gpu-node-004"));
        FxWait.until(() -> "no GPU telemetry series for this node (a test Prometheus)".equals(
                robot.lookup("#node-gpus-note").queryAs(Label.class).getText()), "the quiet line for a node without series");
        Screenshots.write(scene, "node-gpus-none");
    }
}
