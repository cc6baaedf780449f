package dev.flightdeck.views;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.views.gangs.GangsViewModel;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.shell.ContextChoice;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.stage.Stage;

import java.time.Clock;
import java.util.List;

/**
 * The whole console as it starts for a person: the main window on an embedded sandbox of {@code nodes}
 * GPU nodes that it opens itself (the standard opener, so switching to another target — a drill's
 * cluster — really switches), shown at the top left of the headless screen where the robot can click.
 * One per test; {@link #close()} from {@code @Stop}. ({@link SandboxWindow} is the one whose sandbox
 * the test owns.)
 */
public record ConsoleWindow(SessionController sessions, MainWindow window, NodesViewModel nodes, GangsViewModel gangs) {

    public static ConsoleWindow show(Stage stage, int nodes, double width, double height) {
        NodesViewModel nodesVm = new NodesViewModel(Clock.systemUTC());
        GangsViewModel gangsVm = new GangsViewModel(Clock.systemUTC());
        SessionController sessions = new SessionController(SessionController.DEFAULT_OPENER, nodesVm, gangsVm);
        MainWindow window = new MainWindow(sessions, nodesVm, List.of(ContextChoice.sandbox(nodes)), Clock.systemUTC());
        stage.setScene(window.createScene(width, height));
        // The headless screen is 1000x1000 and would centre a larger window off the robot's reach.
        stage.setX(0);
        stage.setY(0);
        stage.show();
        sessions.switchTo(new ConnectionTarget.Sandbox(nodes));
        return new ConsoleWindow(sessions, window, nodesVm, gangsVm);
    }

    public void close() {
        window.stop();
        sessions.close();
    }
}
