package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankState;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import javafx.scene.Scene;
import javafx.scene.control.Hyperlink;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A synthetic 512-rank gang (8 ranks per node) with a failed, a crashing and a missing
 * rank, pending ranks and one on an untrusted node: the rank map alone, snapshotted to
 * {@code target/screenshots/rankmap-512.png} to be looked at.
 */
@ExtendWith(ApplicationExtension.class)
class RankMapSnapshotTest {

    private GangsViewModel vm;
    private Scene scene;
    private Gang gang;

    @Start
    void start(Stage stage) {
        vm = new GangsViewModel(Clock.systemUTC(), Runnable::run, Runnable::run);
        gang = TestGangs.gang(GangSystem.PYTORCHJOB, "training", "llama-512", GangVerdict.HALTED, 512, 8, 1,
                r -> switch (r) {
                    case 77 -> RankState.FAILED;
                    case 300 -> RankState.CRASHING;
                    case 301 -> RankState.MISSING;
                    case 500, 501, 502, 503 -> RankState.PENDING;
                    case 222 -> RankState.NOT_READY;
                    default -> RankState.RUNNING;
                }, List.of("rank 77 Failed"), true, Map.of());
        vm.setAll(List.of(gang));
        vm.select(gang.key());
        RankMapPane pane = new RankMapPane(vm);
        scene = new Scene(pane, 1000, 760);
        dev.flightdeck.views.theme.Themes.install(scene);
        stage.setScene(scene);
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @Test
    void a512RankMapReads(FxRobot robot) throws Exception {
        FxWait.until(() -> robot.lookup("#broken-rank-77").tryQuery().isPresent(), "the broken ranks listed");
        assertEquals(3, robot.lookup(".broken-rank").queryAllAs(Hyperlink.class).size(), "failed, crashing, missing");
        RankMapCanvas canvas = robot.lookup("#rank-map-canvas").queryAs(RankMapCanvas.class);
        assertEquals(512, canvas.layout().cells().size());
        robot.interact(() -> vm.selectedRankProperty().set(gang.ranks().get(77)));
        Path shot = Screenshots.writeBothThemes(scene, "rankmap-512");
        assertTrue(Files.size(shot) > 10_000, "a picture with content: " + shot);
    }
}
