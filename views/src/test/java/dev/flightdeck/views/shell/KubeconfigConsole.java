package dev.flightdeck.views.shell;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.app.settings.OpenContexts;
import dev.flightdeck.views.nodes.NodesViewModel;
import javafx.stage.Stage;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * The console's main window as the application opens it on a kubeconfig: its contexts in the switcher, one of
 * them switched to, and every context kept open (the Fleet screen's rows). For tests of the shell across clusters.
 */
record KubeconfigConsole(SessionController sessions, MainWindow window) {

    /** Shows the window on {@code stage} ({@code width} × {@code height}) on {@code context} of {@code kubeconfig}. */
    static KubeconfigConsole open(Stage stage, Path kubeconfig, String context, double width, double height) throws Exception {
        Kubeconfig k = KubeconfigLoader.load(List.of(kubeconfig));
        NodesViewModel nodes = new NodesViewModel(Clock.systemUTC());
        SessionController sessions = new SessionController(SessionController.DEFAULT_OPENER, nodes);
        MainWindow window = new MainWindow(sessions, nodes, ContextChoice.all(k, 16), Clock.systemUTC());
        stage.setScene(window.createScene(width, height));
        stage.setX(0);
        stage.setY(0);
        stage.show();
        sessions.switchTo(new ConnectionTarget.Context(k, context));
        window.keepOpen(k, new OpenContexts(true, List.of()));
        return new KubeconfigConsole(sessions, window);
    }

    void close() {
        window.stop();
        sessions.close();
    }
}
