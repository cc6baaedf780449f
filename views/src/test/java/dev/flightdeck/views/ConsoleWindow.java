package dev.flightdeck.views;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.views.gangs.GangsViewModel;
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
 * The console's main window on an embedded sandbox of {@code nodes} GPU nodes, shown at the top left
 * of the headless screen where the robot can click (it is 1000x1000 and would centre a larger window
 * off the robot's reach). One per test; {@link #close()} from {@code @Stop}. Two ways to start it:
 * {@link #show} as a person does (the console opens the sandbox itself with the standard opener, so
 * switching to another target — a drill's cluster — really switches), or {@link #onSandbox} on a
 * sandbox the test owns ({@link #sandbox}: to deny a permission, start an episode, speed up the
 * validation runner).
 */
public final class ConsoleWindow {

    /** The sandbox the test owns, or null when the console opened its own. */
    public final SandboxCluster sandbox;
    public final SessionController sessions;
    public final MainWindow window;
    public final NodesViewModel nodes;
    public final GangsViewModel gangs;

    private ConsoleWindow(SandboxCluster sandbox, SessionController.Opener opener, Stage stage, int nodeCount,
                          double width, double height) {
        this(sandbox, opener, stage, nodeCount, width, height, null);
    }

    private ConsoleWindow(SandboxCluster sandbox, SessionController.Opener opener, Stage stage, int nodeCount,
                          double width, double height, dev.flightdeck.views.layout.WindowLayoutBinding layout) {
        this.sandbox = sandbox;
        this.nodes = new NodesViewModel(Clock.systemUTC());
        this.gangs = new GangsViewModel(Clock.systemUTC());
        this.sessions = new SessionController(opener, nodes, gangs);
        this.window = new MainWindow(sessions, nodes, List.of(ContextChoice.sandbox(nodeCount)), Clock.systemUTC());
        if (layout != null) {
            window.showIn(stage, layout, width, height); // where the layout says, as the console starts
        } else {
            stage.setScene(window.createScene(width, height));
            stage.setX(0);
            stage.setY(0);
            stage.show();
        }
        sessions.switchTo(new ConnectionTarget.Sandbox(nodeCount));
    }

    /** The console as it starts for a person, opening a sandbox of {@code nodes} itself. */
    public static ConsoleWindow show(Stage stage, int nodes, double width, double height) {
        return new ConsoleWindow(null, SessionController.DEFAULT_OPENER, stage, nodes, width, height);
    }

    /** The console on a still sandbox of {@code nodes} the test owns; {@code before} tunes it before the session opens. */
    public static ConsoleWindow onSandbox(Stage stage, int nodes, SessionOptions options, double width, double height,
                                          Consumer<SandboxCluster> before) {
        SandboxCluster sandbox = InstallsTheSandbox.remembered(SandboxCluster.startQuiet(nodes));
        before.accept(sandbox);
        ConnectionTarget owned = new ConnectionTarget.RunningSandbox(EmbeddedSandbox.local(sandbox, () -> { }));
        return new ConsoleWindow(sandbox, t -> ClusterSessions.openStarted(owned, options), stage, nodes, width, height);
    }

    /** {@link #onSandbox} shown as the console starts: where and as {@code layout} remembers, kept as it changes. */
    public static ConsoleWindow onSandboxRemembering(Stage stage, int nodes, dev.flightdeck.views.layout.WindowLayoutBinding layout,
                                                    double width, double height, Consumer<SandboxCluster> before) {
        SandboxCluster sandbox = InstallsTheSandbox.remembered(SandboxCluster.startQuiet(nodes));
        before.accept(sandbox);
        ConnectionTarget owned = new ConnectionTarget.RunningSandbox(EmbeddedSandbox.local(sandbox, () -> { }));
        return new ConsoleWindow(sandbox, t -> ClusterSessions.openStarted(owned, SessionOptions.DEFAULTS), stage, nodes, width,
                height, layout);
    }

    public static ConsoleWindow onSandbox(Stage stage, int nodes) {
        return onSandbox(stage, nodes, SessionOptions.DEFAULTS, 1400, 900, s -> { });
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
        if (sandbox != null) {
            sandbox.close();
        }
    }
}
