package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.queues.teams.TeamRow;
import dev.flightdeck.app.settings.TeamKey;
import dev.flightdeck.app.watch.WatchEvent;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.teams.TeamsPane;
import dev.flightdeck.views.teams.TeamsViewModel;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import dev.flightdeck.views.FxWait;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Nodes screen with its team table, both fed by one real fleet model: ten nodes of llm-pretrain's (labelled and
 * tainted), eight of inference's (tainted only), six of no team; Indexed Jobs placed on them, one with a rank still
 * Pending. Snapshotted to {@code target/screenshots/nodes-teams.png} to be looked at.
 */
@ExtendWith(ApplicationExtension.class)
class NodesTeamsSnapshotTest {

    private static final String KEY = "example.com/team";
    private final TestNodes.Fleet fleet = new TestNodes.Fleet();
    private final TeamsViewModel teams = new TeamsViewModel(Runnable::run);
    private Scene scene;
    private NodesViewModel vm;

    @Start
    void start(Stage stage) throws Exception {
        List<NodeFacts> nodes = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            TestNodes.Builder b = TestNodes.node("pretrain-%02d".formatted(i)).label(KEY, "llm-pretrain")
                    .taint(KEY, "llm-pretrain", "NoSchedule");
            nodes.add((i == 9 ? b.gpus(8, 7) : b).build());
        }
        for (int i = 0; i < 8; i++) {
            TestNodes.Builder b = TestNodes.node("inference-%02d".formatted(i)).taint(KEY, "inference", "NoSchedule");
            nodes.add((i == 7 ? b.cordoned("sre", "fan failure") : b).build());
        }
        for (int i = 0; i < 6; i++) {
            nodes.add(TestNodes.node("spare-%02d".formatted(i)).product(TestNodes.A100).build());
        }
        NodesViewModel vm = new NodesViewModel(TestNodes.CLOCK);
        vm.apply(fleet.relist(nodes.toArray(NodeFacts[]::new)));
        List<PodFacts> pods = new ArrayList<>();
        for (int r = 0; r < 8; r++) {
            pods.add(rank("pretrain", r, "pretrain-%02d".formatted(r), 8));
        }
        for (int r = 0; r < 4; r++) {
            pods.add(rank("serve", r, "inference-%02d".formatted(r), 4));
        }
        pods.add(rank("eval", 0, "inference-05", 8));
        pods.add(rank("eval", 1, null, 8));
        pods.add(rank("notebook", 0, "spare-00", 2)); // an Indexed Job of one: a gang of its own
        pods.forEach(p -> fleet.model.onPodEvent(new WatchEvent.Upserted<>(p)));
        assertTrue(fleet.model.awaitFolded(10, TimeUnit.SECONDS));
        vm.apply(fleet.next());
        teams.show(new TeamKey(KEY), fleet.model.snapshot().nodes(), fleet.model.gangs());

        this.vm = vm;
        vm.teamKeyProperty().bind(teams.keyProperty());
        NodesView view = new NodesView(vm, TestNodes.CLOCK);
        TeamsPane pane = new TeamsPane(teams);
        pane.setOnTeamPicked(vm.teamFilterProperty()::set); // as the shell wires it
        view.showTeams(pane);
        view.showTeamFilter(teams.teamNames());
        scene = new Scene(view, 1500, 900);
        dev.flightdeck.views.theme.Themes.install(scene);
        stage.setScene(scene);
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    /** A rank of an Indexed Job, as the projector keeps it; Pending and bound nowhere when {@code node} is null. */
    private static PodFacts rank(String job, int index, String node, int gpus) {
        Map<String, String> labels = Map.of("batch.kubernetes.io/job-name", job,
                "batch.kubernetes.io/job-completion-index", String.valueOf(index));
        return new PodFacts("training", job + "-" + index, "uid-" + job + index, node, node == null ? "Pending" : "Running",
                node != null, 0, gpus, "Job", job, labels, Map.of(), TestNodes.NOW.minusSeconds(600),
                node == null ? "0/24 nodes are available: 24 Insufficient nvidia.com/gpu." : null, false, false);
    }

    @AfterEach
    void close() {
        fleet.close();
    }

    @Test
    void theTeamTableSitsUnderTheFleetHeaderWithEachTeamsFigures() throws Exception {
        assertEquals(List.of(
                new TeamRow("inference", 8, 64, 56, 24, 32, 1, 1, 0),
                new TeamRow("llm-pretrain", 10, 80, 79, 64, 15, 1, 0, 0),
                new TeamRow("(no team)", 6, 48, 48, 2, 46, 1, 0, 0)), List.copyOf(teams.rows()));
        Path shot = Screenshots.write(scene, "nodes-teams");
        assertTrue(Files.size(shot) > 10_000);
    }

    @Test
    void pickingATeamShowsOnlyItsNodesAndTheFilterSaysSo(FxRobot robot) throws Exception {
        robot.clickOn("inference");
        FxWait.until(() -> vm.visibleRows().size() == 8, "inference's 8 nodes");
        assertTrue(vm.visibleRows().stream().allMatch(r -> r.name().startsWith("inference-")));
        assertEquals("inference", robot.lookup("#team-filter").queryComboBox().getValue().toString());
        Screenshots.write(scene, "nodes-team-filter");
        robot.interact(() -> vm.teamFilterProperty().set("(no team)"));
        assertEquals(6, vm.visibleRows().size());
        assertTrue(vm.visibleRows().stream().allMatch(r -> r.name().startsWith("spare-")));
        robot.interact(vm::clearFilters);
        assertEquals(24, vm.visibleRows().size());
        robot.clickOn("inference");
        FxWait.until(() -> vm.visibleRows().size() == 8, "the same team picked again narrows the table again");
    }
}
