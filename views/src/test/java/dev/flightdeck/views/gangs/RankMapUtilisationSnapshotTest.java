package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankState;
import dev.flightdeck.app.telemetry.GpuSignals;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.telemetry.TelemetryViewModel;
import dev.flightdeck.views.telemetry.TestFrames;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Gangs screen's rank map coloured by GPU utilisation from a hand-built frame: a busy 64-rank gang with a straggler, a failed rank
 * and ranks without series, and a stalled gang whose every GPU idles. Snapshotted to
 * {@code target/screenshots/rankmap-utilisation.png}, {@code rankmap-stalled.png} and {@code rankmap-stalled-state.png}.
 */
@ExtendWith(ApplicationExtension.class)
class RankMapUtilisationSnapshotTest {

    private GangsViewModel vm;
    private GangsView view;
    private Scene scene;
    private Gang busy;
    private Gang stalled;

    @Start
    void start(Stage stage) {
        vm = new GangsViewModel(Clock.systemUTC(), Runnable::run, Runnable::run);
        busy = TestGangs.gang(GangSystem.PYTORCHJOB, "training", "llm-64", GangVerdict.HALTED, 64, 8, 8,
                r -> r == 41 ? RankState.FAILED : RankState.RUNNING, List.of("rank 41 Failed"), false, Map.of());
        stalled = TestGangs.gang(GangSystem.JOBSET, "training", "rlhf-32", GangVerdict.STALLED, 32, 4, 8,
                r -> RankState.RUNNING, List.of("every rank Running, all 256 GPUs under 5% for 23 min (since 14:07 UTC): "
                        + "a hung collective? 98.1 GPU-hours burned"), false, Map.of());
        vm.setAll(List.of(busy, stalled));
        TelemetryViewModel telemetry = new TelemetryViewModel(Runnable::run, Runnable::run);
        TestFrames.Feed feed = new TestFrames.Feed();
        telemetry.attach(feed.poller);
        feed.read(TestFrames.frame(gpus()), Duration.ofSeconds(30));
        view = new GangsView(vm, new GangKindsStatus(), node -> { }, telemetry.snapshotProperty());
        scene = new Scene(view, 1300, 900);
        dev.flightdeck.views.theme.Themes.install(scene);
        stage.setScene(scene);
        stage.setX(0);
        stage.setY(0);
        stage.show();
        vm.select(busy.key());
    }

    @org.testfx.framework.junit5.Stop
    void stop() {
        view.stop();
    }

    /** llm-64: busy between 60 and 98 %, rank 17 straggling at 22 %, ranks 56–63 without series. rlhf-32: 0–3 %. */
    private static List<GpuSignals> gpus() {
        List<GpuSignals> out = new ArrayList<>();
        for (int r = 0; r < 56; r++) {
            double util = r == 17 ? 22 : 60 + (r * 37 % 39);
            for (int g = 0; g < 8; g++) {
                out.add(TestFrames.gpu("gpu-node-%03d".formatted(r / 8), r % 8 * 8 + g, "llm-64-" + r, util));
            }
        }
        for (int r = 0; r < 32; r++) {
            for (int g = 0; g < 8; g++) {
                out.add(TestFrames.gpu("gpu-node-%03d".formatted(100 + r / 4), r % 4 * 8 + g, "rlhf-32-" + r, r % 4));
            }
        }
        return out;
    }

    @Test
    void utilisationColoursTheRanksAndAStalledGangIsPlain(FxRobot robot) throws Exception {
        robot.clickOn("#rank-colour-utilisation");
        FxWait.until(() -> robot.lookup("#rank-colour-utilisation").queryAs(ToggleButton.class).isSelected(),
                "the utilisation colouring");
        assertTrue(robot.lookup("#legend-utilisation-scale").tryQuery().isPresent(), "the legend shows the scale");
        assertEquals("mean 79% over 56 ranks · 8 ranks without GPU series",
                robot.lookup("#rank-utilisation-note").queryAs(Label.class).getText());
        assertFalse(robot.lookup("#stalled-gang").queryAs(Label.class).isVisible(), "a busy gang is not stalled");
        Screenshots.writeBothThemes(scene, "rankmap-utilisation");

        robot.interact(() -> vm.select(stalled.key()));
        Label stalledLine = robot.lookup("#stalled-gang").queryAs(Label.class);
        FxWait.until(stalledLine::isVisible, "the stalled gang said above the map");
        assertTrue(stalledLine.getText().startsWith("Stalled — every rank Running"), stalledLine.getText());
        assertEquals("mean 2% over 32 ranks", robot.lookup("#rank-utilisation-note").queryAs(Label.class).getText());
        Screenshots.writeBothThemes(scene, "rankmap-stalled");

        robot.clickOn("#rank-colour-state");
        FxWait.until(() -> robot.lookup("#rank-colour-state").queryAs(ToggleButton.class).isSelected(),
                "back to the state colouring");
        assertTrue(stalledLine.getText().endsWith("(colour by GPU utilisation to see it)"), stalledLine.getText());
        assertTrue(robot.lookup("#legend-running").tryQuery().isPresent(), "the state legend is back");
        Screenshots.write(scene, "rankmap-stalled-state");
    }
}
