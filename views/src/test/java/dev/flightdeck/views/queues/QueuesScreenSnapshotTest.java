package dev.flightdeck.views.queues;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.queues.QueuesSnapshot;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Queues screen fed by a real cluster model with the Kueue-shaped fixtures (research full, run-big waiting for quota,
 * sweep preempted): snapshotted to {@code target/screenshots/queues.png} to be looked at; a queued job opens its gang;
 * a cluster without Kueue gets its one line ({@code queues-not-served.png}), or Volcano's queues where they are served
 * ({@code queues-volcano.png}).
 */
@ExtendWith(ApplicationExtension.class)
class QueuesScreenSnapshotTest {

    private KueueFleet fleet;
    private QueuesViewModel vm;
    private Scene scene;
    private final AtomicReference<GangKey> opened = new AtomicReference<>();
    private final AtomicReference<java.time.Instant> clock = new AtomicReference<>(KueueFleet.NOW);

    @Start
    void start(Stage stage) throws Exception {
        fleet = new KueueFleet();
        vm = new QueuesViewModel(Runnable::run, new java.time.Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return java.time.ZoneOffset.UTC;
            }

            @Override
            public java.time.Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public java.time.Instant instant() {
                return clock.get();
            }
        });
        vm.show(fleet.model.queues(), true);
        QueuesView view = new QueuesView(vm);
        view.setOnOpenGang(opened::set);
        scene = new Scene(view, 1400, 520);
        dev.flightdeck.views.theme.Themes.install(scene);
        stage.setScene(scene);
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    @AfterEach
    void close() {
        fleet.close();
    }

    @Test
    void theQueuesOfACluster(FxRobot robot) throws Exception {
        FxWait.until(() -> robot.lookup("#cq-research").tryQuery().isPresent(), "the ClusterQueue research");
        assertEquals("16 of 16 reserved · 16 in use · borrowed 0 · lending limit 8",
                robot.lookup("#cq-research-h100-nvidia-com-gpu").queryAs(Label.class).getText());
        TableView<?> table = robot.lookup("#queued-table").queryAs(TableView.class);
        assertEquals(2, table.getItems().size());
        robot.interact(() -> table.getSelectionModel().select(1));
        Button open = robot.lookup("#open-queued-gang").queryAs(Button.class);
        assertFalse(open.isDisabled(), "sweep is a queued gang");
        assertTrue(robot.lookup("#queued-reason").queryAs(Label.class).getText().startsWith(
                "training/sweep: evicted (Preempted: "));
        Path shot = Screenshots.write(scene, "queues");
        assertTrue(Files.size(shot) > 20_000, "a picture with content: " + shot);
        robot.interact(open::fire);
        assertEquals(new GangKey(GangSystem.JOBSET, "training", "sweep"), opened.get());

        // a refresh (a second later: "waiting" moved) keeps the row a person picked
        javafx.scene.Node pane = robot.lookup("#cq-research").query();
        clock.set(KueueFleet.NOW.plusSeconds(61));
        robot.interact(() -> vm.show(fleet.model.queues(), true));
        assertTrue(pane == robot.lookup("#cq-research").query(), "the queue's figures did not change: its pane is kept");
        assertEquals("13m", vm.table().pending().getFirst().waiting(), "a new table was handed over");
        assertEquals("training/sweep", ((QueuesTable.PendingRow) table.getSelectionModel().getSelectedItem()).job());

        robot.interact(() -> vm.show(QueuesSnapshot.EMPTY, false));
        Label line = robot.lookup("#queues-not-served").queryAs(Label.class);
        assertTrue(line.isVisible() && line.getText().contains("install Kueue"), line.getText());
        assertFalse(table.isVisible());
        Screenshots.write(scene, "queues-not-served");

        // Volcano's queues on a cluster without Kueue: the queues, a line saying why no Workload is listed, no table
        var research = new dev.flightdeck.app.queues.VolcanoQueue("research", "Open", "root",
                java.util.Map.of("nvidia.com/gpu", "64"), java.util.Map.of("nvidia.com/gpu", "32"), java.util.Map.of(),
                java.util.Map.of("nvidia.com/gpu", "64"), 3, 8, 1);
        robot.interact(() -> vm.show(new QueuesSnapshot(java.util.List.of(), java.util.List.of(), 0, java.util.Map.of(),
                java.util.List.of(research), java.util.Set.of()), false));
        FxWait.until(() -> robot.lookup("#vq-research").tryQuery().isPresent(), "the Volcano queue research");
        assertFalse(robot.lookup("#queues-not-served").queryAs(Label.class).isVisible());
        assertFalse(table.isVisible(), "no Workload waits without Kueue");
        Screenshots.write(scene, "queues-volcano");
    }
}
