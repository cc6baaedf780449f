package dev.flightdeck.views;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.sandbox.SandboxCluster;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.shell.ContextChoice;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;

import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;

/**
 * The console's main window on a sandbox the test owns (so it can deny a permission, start an
 * episode or speed up the validation runner), shown on the headless stage at the top left where
 * the robot can click. One per test; {@link #close()} from {@code @Stop}.
 */
public final class SandboxWindow {

    public final SandboxCluster sandbox;
    public final SessionController sessions;
    public final MainWindow window;
    public final NodesViewModel nodes;

    private SandboxWindow(SandboxCluster sandbox, SessionController sessions, MainWindow window, NodesViewModel nodes) {
        this.sandbox = sandbox;
        this.sessions = sessions;
        this.window = window;
        this.nodes = nodes;
    }

    /** A still sandbox of {@code nodes} GPU nodes, connected; {@code before} tunes the sandbox before the session opens. */
    public static SandboxWindow show(Stage stage, int nodes, SessionOptions options, double width, double height,
                                     Consumer<SandboxCluster> before) {
        SandboxCluster sandbox = SandboxCluster.startQuiet(nodes);
        before.accept(sandbox);
        NodesViewModel vm = new NodesViewModel(Clock.systemUTC());
        SessionController sessions = new SessionController(t -> ClusterSession.open(
                new ConnectionTarget.RunningSandbox(sandbox), options), vm);
        MainWindow window = new MainWindow(sessions, vm, List.of(ContextChoice.sandbox(nodes)), Clock.systemUTC());
        stage.setScene(window.createScene(width, height));
        stage.setX(0); // the headless screen is small: keep the window where the robot can click
        stage.setY(0);
        stage.show();
        sessions.switchTo(new ConnectionTarget.Sandbox(nodes));
        return new SandboxWindow(sandbox, sessions, window, vm);
    }

    public static SandboxWindow show(Stage stage, int nodes) {
        return show(stage, nodes, SessionOptions.DEFAULTS, 1400, 900, s -> { });
    }

    /** The text of the label {@code query} finds ("" when it has none). */
    public static String text(FxRobot robot, String query) {
        String t = robot.lookup(query).queryAs(Label.class).getText();
        return t == null ? "" : t;
    }

    /** Opens {@code node} on the Nodes screen once the sandbox's nodes are on it, and waits for its details. */
    public void openNode(FxRobot robot, String node) throws Exception {
        TableView<?> table = robot.lookup("#node-table").queryTableView();
        FxWait.until(() -> table.getItems().size() >= sandbox.store().count("nodes") - 3, "the sandbox's nodes on screen");
        robot.interact(() -> window.openNode(node));
        FxWait.until(() -> text(robot, "#details-title").equals(node), "the node's details");
    }

    public void close() {
        window.stop();
        sessions.close();
        sandbox.close();
    }
}
