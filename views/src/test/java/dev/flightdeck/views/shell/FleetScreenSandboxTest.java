package dev.flightdeck.views.shell;

import dev.flightdeck.app.clusters.ClusterSummary;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.nodes.NodeRow;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three sandboxes in different trouble and a cluster that is down, all kept open: the Fleet screen
 * lists them worst first, a count opens that cluster's screen with its filter at once (no resync:
 * the session is the one that stayed open), the status bar names the worst, search finds a node in
 * the cluster that holds it, and a kubeconfig that gains a context on disk opens it.
 */
@ExtendWith(ApplicationExtension.class)
class FleetScreenSandboxTest {

    private static SandboxCluster east;
    private static SandboxCluster west;
    private static SandboxCluster lab;
    private static Path kubeconfigFile;
    private static String yaml;
    private KubeconfigConsole console;
    private SessionController sessions;
    private MainWindow window;

    @BeforeAll
    static void clusters() throws IOException {
        east = SandboxCluster.startQuiet(64);
        west = SandboxCluster.startQuiet(32);
        lab = SandboxCluster.startQuiet(16);
        int down;
        try (ServerSocket s = new ServerSocket(0)) {
            down = s.getLocalPort();
        }
        Path dir = Files.createTempDirectory(Path.of(System.getProperty("basedir", "."), "target"), "fleet-kubeconfig");
        kubeconfigFile = dir.resolve("config");
        yaml = """
                apiVersion: v1
                kind: Config
                users: [{name: anon, user: {}}]
                clusters:
                - {name: east, cluster: {server: "%s"}}
                - {name: west, cluster: {server: "%s"}}
                - {name: lab, cluster: {server: "%s"}}
                - {name: dr, cluster: {server: "http://127.0.0.1:%d"}}
                contexts:
                - {name: gpu-east, context: {cluster: east, user: anon}}
                - {name: gpu-west, context: {cluster: west, user: anon}}
                - {name: lab-onprem, context: {cluster: lab, user: anon}}
                - {name: dr-site, context: {cluster: dr, user: anon}}
                current-context: gpu-east
                """.formatted(east.url(), west.url(), lab.url(), down);
        Files.writeString(kubeconfigFile, yaml);
    }

    @AfterAll
    static void stopClusters() {
        east.close();
        west.close();
        lab.close();
    }

    @Start
    void start(Stage stage) throws Exception {
        console = KubeconfigConsole.open(stage, kubeconfigFile, "gpu-east", 1600, 900);
        sessions = console.sessions();
        window = console.window();
    }

    @Stop
    void stop() {
        console.close();
    }

    private ClusterSummary row(String name) {
        return window.fleet().latest().rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theFleetScreenSortsClustersWorstFirstAndEachCountOpensItsClusterAtOnce(FxRobot robot) throws Exception {
        // Different trouble in each: west loses three nodes, east halts a second gang, lab's API server is throttled.
        for (int i = 0; i < 3; i++) {
            west.control().setNodeCondition(String.format("gpu-node-%03d", 20 + i), "Ready", "False", "KubeletNotReady",
                    "PLEG is not healthy");
        }
        String pod = east.control().podOfRank("training", "llm-pretrain", 3);
        east.control().failPod("training", pod, "Error", 1, "NCCL error: unhandled system error");
        lab.control().pressure().startApfStorm("workload-low", "service-accounts");
        FxWait.until(() -> window.fleet().latest() != null && window.fleet().latest().rows().size() == 4
                && row("gpu-west").nodes(NodeVerdict.NOT_READY) >= 3 && row("gpu-east").gangs().stopped() >= 2
                && row("lab-onprem").connection() == ClusterSummary.Connection.LIVE
                && row("dr-site").connection() == ClusterSummary.Connection.CANNOT_CONNECT, "four clusters on the Fleet screen");
        assertTrue(robot.lookup("#nav-fleet").query().isVisible(), "the Fleet screen is offered with several clusters");
        FxWait.until(() -> robot.lookup("#fleet-view").tryQuery().isPresent(), "the Fleet screen shown first");
        List<String> order = window.fleet().latest().rows().stream().map(ClusterSummary::name).toList();
        assertEquals("dr-site", order.getFirst(), "a cluster nobody can see first: " + order);
        assertEquals("gpu-east", order.get(1), "then the most halted gangs: " + order);
        FxWait.until(() -> robot.lookup("#status-fleet").queryLabeled().getText().startsWith("fleet: dr-site cannot connect"),
                "the status bar names the worst cluster");
        assertTrue(robot.lookup("#status-fleet").queryLabeled().getText().contains("more of 4 clusters need attention"),
                robot.lookup("#status-fleet").queryLabeled().getText());
        // lab's API server answers its APF storm with 429s from its second scrape on (rates need two).
        FxWait.until(() -> row("lab-onprem").pressureLevel() != null
                && row("lab-onprem").pressureLevel() != dev.flightdeck.app.pressure.Level.OK, "lab's APF storm seen");
        Path shot = Screenshots.writeBothThemes(robot.lookup("#fleet-view").query().getScene(), "fleet-overview");
        System.out.println("screenshot: " + shot);

        var westSession = sessions.fleet().cluster("gpu-west").session();
        robot.interact(() -> window.openInCluster("gpu-west", dev.flightdeck.views.fleet.FleetLink.nodes(NodeVerdict.NOT_READY)));
        TableView<NodeRow> table = robot.lookup("#node-table").queryTableView();
        FxWait.until(() -> table.getItems().size() == 3, "gpu-west's three not-ready nodes, filtered");
        assertSame(westSession, sessions.session(), "the session that stayed open: no resync");
        assertTrue(table.getItems().stream().allMatch(r -> r.node().verdict() == NodeVerdict.NOT_READY));

        robot.clickOn("#fleet-search").write("gpu-node-021");
        FxWait.until(() -> robot.lookup("gpu-node-021").tryQuery().isPresent() || !robot.lookup(".context-menu").queryAll().isEmpty(),
                "search hits");
        FxWait.until(() -> robot.lookup(".context-menu .label").queryAll().stream()
                .anyMatch(l -> ((Label) l).getText().startsWith("node  gpu-node-021  —  gpu-west")), "the node found in each cluster");
        Screenshots.write(robot.lookup("#fleet-search").query().getScene(), "fleet-search");
    }

    @Test
    void aContextAddedToTheKubeconfigOnDiskOpensWhenAllContextsAreKept(FxRobot robot) throws Exception {
        FxWait.until(() -> window.fleet().latest() != null && window.fleet().latest().rows().size() == 4, "four clusters");
        Files.writeString(kubeconfigFile, yaml.replace("current-context: gpu-east",
                "- {name: lab-2, context: {cluster: lab, user: anon}}\ncurrent-context: gpu-east"));
        FxWait.until(() -> window.fleet().latest().rows().stream().anyMatch(r -> r.name().equals("lab-2")
                && r.connection() == ClusterSummary.Connection.LIVE), "lab-2 opened from the changed kubeconfig");
        assertTrue(robot.lookup("#notice-banner-text").queryAs(Label.class).getText().contains("added lab-2"),
                robot.lookup("#notice-banner-text").queryAs(Label.class).getText());
        Files.writeString(kubeconfigFile, yaml);
    }
}
