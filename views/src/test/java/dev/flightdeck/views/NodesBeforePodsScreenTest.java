package dev.flightdeck.views;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.LocalCluster;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.views.gangs.GangsViewModel;
import dev.flightdeck.views.nodes.NodeRow;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.shell.ContextChoice;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

import java.time.Clock;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The nodes are on screen, each with its verdict, while the pods are still listing: the sandbox's pods LIST is held
 * after its first page (a front that holds the continue pages), and the window already shows every node, says what
 * is still loading, and shows the ranks of the first page; released, the pods fill in and the words go.
 */
@ExtendWith(ApplicationExtension.class)
class NodesBeforePodsScreenTest {

    private static final int NODES = 64;
    private static final int PAGE = 50;

    private SandboxCluster sandbox;
    private HeldPodsFront front;
    private SessionController sessions;
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        sandbox = InstallsTheSandbox.remembered(SandboxCluster.start(NODES));
        front = new HeldPodsFront(sandbox.url());
        LocalCluster direct = EmbeddedSandbox.local(sandbox, () -> { });
        ConnectionTarget throughFront = new ConnectionTarget.RunningSandbox(new LocalCluster(front.url(),
                direct.objectStorage(), direct.metricsClock(), direct.controlToken(), direct.handle(), () -> { }));
        NodesViewModel nodes = new NodesViewModel(Clock.systemUTC());
        sessions = new SessionController(t -> ClusterSessions.openStarted(throughFront, SessionOptions.DEFAULTS.withPageSize(PAGE)),
                nodes, new GangsViewModel(Clock.systemUTC()));
        window = new MainWindow(sessions, nodes, List.of(ContextChoice.sandbox(NODES)), Clock.systemUTC());
        stage.setScene(window.createScene(1400, 900));
        stage.setX(0);
        stage.setY(0);
        stage.show();
        sessions.switchTo(new ConnectionTarget.Sandbox(NODES));
    }

    @Stop
    void stop() {
        window.stop();
        sessions.close();
        front.close();
        sandbox.close();
    }

    @Test
    void theNodesAppearBeforeThePodsFinishListing(FxRobot robot) throws Exception {
        int pods = sandbox.store().count("pods");
        assertTrue(pods > 2 * PAGE, "the pods need several pages: " + pods);
        TableView<NodeRow> table = robot.lookup("#node-table").queryTableView();
        FxWait.until(() -> table.getItems().size() == NODES, "every node on screen while the pods are held");
        assertTrue(table.getItems().stream().allMatch(r -> r.node().verdict() != null), "each with its verdict");
        FxWait.until(() -> ConsoleWindow.text(robot, "#connection-status").contains("loading pods " + PAGE + " of ~"),
                "the status bar to say the pods are still loading");
        assertTrue(ConsoleWindow.text(robot, "#connection-status").contains("loading pods %d of ~%d".formatted(PAGE, pods)),
                ConsoleWindow.text(robot, "#connection-status"));
        ClusterSession session = sessions.session();
        assertFalse(session.model().sync().podsListed(), "the pods are still listing");
        assertEquals(PAGE, session.model().podCount(), "the first page is in the model");

        front.release();
        FxWait.until(() -> session.model().sync().podsListed(), "the pods to finish listing");
        assertEquals(pods, session.model().podCount());
        FxWait.until(() -> !ConsoleWindow.text(robot, "#connection-status").contains("loading"),
                "the loading words to go once the pods are whole");
        assertEquals(NODES, table.getItems().size());
    }
}
