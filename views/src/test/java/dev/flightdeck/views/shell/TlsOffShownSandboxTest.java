package dev.flightdeck.views.shell;

import dev.flightdeck.app.clusters.ClusterSummary;
import dev.flightdeck.app.connect.TlsVerification;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.TlsFront;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.framework.junit5.Stop;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A cluster reached over real TLS whose verification its kubeconfig turns off: a sandbox behind a TLS
 * front with a self-signed certificate nobody trusts, context {@code lab-skip-verify} saying
 * {@code insecure-skip-tls-verify: true}. The switcher, the status bar, its Fleet row, the Clusters…
 * dialog and an action window say "TLS verification off (kubeconfig)" with a warning icon; a plain
 * sandbox ({@code lab-plain}) says nothing of it; and the same front without the flag
 * ({@code lab-unverified}) is refused with the one-line TLS problem.
 */
@ExtendWith(ApplicationExtension.class)
class TlsOffShownSandboxTest {

    private static final String WORDS = TlsVerification.OFF;
    private static SandboxCluster fronted;
    private static SandboxCluster plain;
    private static TlsFront front;
    private static Path kubeconfigFile;
    private KubeconfigConsole console;
    private SessionController sessions;
    private MainWindow window;

    @BeforeAll
    static void clusters() throws Exception {
        fronted = SandboxCluster.startQuiet(16);
        plain = SandboxCluster.startQuiet(16);
        Path dir = Files.createTempDirectory(Path.of(System.getProperty("basedir", "."), "target"), "tls-off");
        front = TlsFront.start(fronted.url(), dir);
        kubeconfigFile = Files.writeString(dir.resolve("config"), """
                apiVersion: v1
                kind: Config
                users: [{name: anon, user: {}}]
                clusters:
                - {name: behind-tls, cluster: {server: "%1$s", insecure-skip-tls-verify: true}}
                - {name: plain, cluster: {server: "%2$s"}}
                - {name: unverified, cluster: {server: "%1$s"}}
                contexts:
                - {name: lab-skip-verify, context: {cluster: behind-tls, user: anon}}
                - {name: lab-plain, context: {cluster: plain, user: anon}}
                - {name: lab-unverified, context: {cluster: unverified, user: anon}}
                current-context: lab-skip-verify
                """.formatted(front.url(), plain.url()));
    }

    @AfterAll
    static void stopClusters() {
        front.close();
        fronted.close();
        plain.close();
    }

    @Start
    void start(Stage stage) throws Exception {
        console = KubeconfigConsole.open(stage, kubeconfigFile, "lab-skip-verify", 1400, 800);
        sessions = console.sessions();
        window = console.window();
    }

    @Stop
    void stop() {
        console.close();
    }

    private static boolean shown(FxRobot robot, String query) {
        return robot.lookup(query).tryQuery().map(Node::isVisible).orElse(false);
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Labeled.class).getText();
    }

    private void onScreen(String context) throws Exception {
        FxWait.until(() -> sessions.session() != null && sessions.session().displayName().equals(context)
                && sessions.session().health().phase() == dev.flightdeck.app.watch.WatchPhase.LIVE, context + " live on screen");
    }

    /** The switcher's open list's cell for {@code context} (in the showing popup, not a cell kept for measuring). */
    private static ContextChoiceCell listCell(FxRobot robot, String context) throws Exception {
        Node button = robot.lookup("#context-switcher").queryComboBox().getButtonCell();
        java.util.function.Supplier<java.util.Optional<ContextChoiceCell>> find = () -> robot.lookup(".list-cell")
                .match((Node n) -> n instanceof ContextChoiceCell c && c != button && c.getItem() != null
                        && c.getItem().target().displayName().equals(context) && c.isVisible() && c.getScene() != null
                        && c.getScene().getWindow() != null && c.getScene().getWindow().isShowing())
                .tryQuery().map(ContextChoiceCell.class::cast);
        FxWait.until(() -> find.get().isPresent(), "the switcher's cell for " + context);
        return find.get().orElseThrow();
    }

    /**
     * Picks {@code cell}'s context as a click on it does (the value changes, the switcher's action
     * switches). Not a robot click: the headless popup's scene has no size TestFX can click within.
     */
    private static void choose(FxRobot robot, ContextChoiceCell cell) {
        javafx.scene.control.ComboBox<ContextChoice> box = robot.lookup("#context-switcher").queryComboBox();
        robot.interact(() -> {
            box.hide();
            box.setValue(cell.getItem());
        });
    }

    /** The badge is as wide and as tall as its words need, and a cell holding it shows all of it (not "TLS verificatio…"). */
    static void assertNotCut(Label badge) throws Exception {
        FxWait.onFx(() -> {
            assertTrue(badge.getWidth() + 0.5 >= badge.prefWidth(-1) && badge.getHeight() + 0.5 >= badge.prefHeight(-1),
                    "the badge is smaller than its words: " + badge.getWidth() + "x" + badge.getHeight() + " < "
                            + badge.prefWidth(-1) + "x" + badge.prefHeight(-1));
            javafx.scene.Node cell = badge;
            while (cell != null && !(cell instanceof javafx.scene.control.Cell<?>)) {
                cell = cell.getParent();
            }
            if (cell == null) {
                return null;
            }
            javafx.geometry.Bounds b = cell.sceneToLocal(badge.localToScene(badge.getBoundsInLocal()));
            assertTrue(b.getMinX() >= -0.5 && b.getMaxX() <= cell.getLayoutBounds().getWidth() + 0.5
                    && b.getMaxY() <= cell.getLayoutBounds().getHeight() + 0.5, "the cell cuts the badge: " + b + " in "
                    + cell.getLayoutBounds());
            return null;
        });
    }

    private ClusterSummary row(String name) {
        return window.fleet().latest().rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theSwitcherTheStatusBarAndTheFleetRowSayItForThatClusterOnly(FxRobot robot) throws Exception {
        onScreen("lab-skip-verify");
        assertTrue(sessions.tlsVerificationOffProperty().get(), "the view model: reached without verification");
        FxWait.until(() -> shown(robot, "#status-tls-off"), "the status bar's warning");
        assertEquals(WORDS, text(robot, "#status-tls-off"));
        assertNotCut(robot.lookup("#status-tls-off").queryAs(Label.class));
        assertTrue(robot.lookup("#status-tls-off").queryAs(Label.class).getGraphic() != null, "an icon, not colour alone");
        assertTrue(shown(robot, "#context-tls-off-button-lab-skip-verify"), "the switcher's button says it");
        assertEquals(WORDS, text(robot, "#context-tls-off-button-lab-skip-verify"));
        assertNotCut(robot.lookup("#context-tls-off-button-lab-skip-verify").queryAs(Label.class));

        // The Fleet screen: the row of the cluster whose kubeconfig says so, and no other.
        FxWait.until(() -> window.fleet().latest() != null && window.fleet().latest().rows().size() == 3
                && row("lab-skip-verify").connection() == ClusterSummary.Connection.LIVE
                && row("lab-plain").connection() == ClusterSummary.Connection.LIVE
                && row("lab-unverified").connection() == ClusterSummary.Connection.CANNOT_CONNECT, "three rows");
        assertTrue(row("lab-skip-verify").tlsVerificationOff());
        assertFalse(row("lab-plain").tlsVerificationOff());
        assertFalse(row("lab-unverified").tlsVerificationOff(), "no flag: verified, and so refused");
        assertEquals(refusal(), row("lab-unverified").connectionWords());
        robot.interact(window::showFleet);
        FxWait.until(() -> shown(robot, "#fleet-tls-off-lab-skip-verify"), "the fleet row's warning");
        assertEquals(WORDS, text(robot, "#fleet-tls-off-lab-skip-verify").replace('\n', ' '), "on two lines");
        assertNotCut(robot.lookup("#fleet-tls-off-lab-skip-verify").queryAs(Label.class));
        assertFalse(shown(robot, "#fleet-tls-off-lab-plain"));
        assertFalse(shown(robot, "#fleet-tls-off-lab-unverified"));
        System.out.println("screenshot: " + Screenshots.write(window.getScene(), "tls-off-fleet"));

        // The switcher's list: the warning beside that context before switching to anything.
        robot.clickOn("#context-switcher");
        ContextChoiceCell skipCell = listCell(robot, "lab-skip-verify");
        assertTrue(skipCell.getGraphic() != null && skipCell.getGraphic().isVisible()
                && WORDS.equals(((Labeled) skipCell.getGraphic()).getText()), "its cell carries the warning");
        assertEquals("context-tls-off-list-lab-skip-verify", skipCell.getGraphic().getId());
        assertEquals(null, listCell(robot, "lab-plain").getGraphic(), "a verified context's cell: its name only");
        assertEquals(null, listCell(robot, "lab-unverified").getGraphic());
        System.out.println("screenshot: " + Screenshots.write(skipCell.getListView(), "tls-off-switcher-list"));
        choose(robot, listCell(robot, "lab-plain"));
        onScreen("lab-plain");
        FxWait.until(() -> !shown(robot, "#status-tls-off"), "the status bar's warning gone");
        assertFalse(sessions.tlsVerificationOffProperty().get());
        assertFalse(shown(robot, "#context-tls-off-button-lab-plain"));
        robot.interact(window::showNodes);
        javafx.scene.control.TableView<?> nodes = robot.lookup("#node-table").queryTableView();
        FxWait.until(() -> nodes.getItems().size() == 16, "lab-plain's nodes on screen");
        double topBar = window.getTop().getLayoutBounds().getHeight();
        System.out.println("screenshot: " + Screenshots.write(window.getScene(), "tls-on-plain-nodes"));

        robot.clickOn("#context-switcher");
        choose(robot, listCell(robot, "lab-skip-verify"));
        onScreen("lab-skip-verify");
        FxWait.until(() -> shown(robot, "#status-tls-off"), "the warning back with the cluster");
        FxWait.until(() -> nodes.getItems().size() == 16, "lab-skip-verify's nodes on screen");
        assertEquals(topBar, window.getTop().getLayoutBounds().getHeight(), 0.5, "the top bar does not jump with the badge");
        System.out.println("screenshot: " + Screenshots.write(window.getScene(), "tls-off-nodes"));
    }

    @Test
    void anActionWindowSaysItUnderTheClustersName(FxRobot robot) throws Exception {
        onScreen("lab-skip-verify");
        FxWait.until(() -> sessions.actions().whyNotCordonProperty().get() == null, "cordon offered");
        robot.interact(() -> sessions.actions().openCordon("gpu-node-000", false));
        FxWait.until(() -> shown(robot, "#cordon-dialog-tls-off"), "the action window's warning");
        assertEquals(WORDS, text(robot, "#cordon-dialog-tls-off"));
        assertNotCut(robot.lookup("#cordon-dialog-tls-off").queryAs(Label.class));
        assertTrue(text(robot, "#cordon-dialog-cluster").endsWith("lab-skip-verify"), text(robot, "#cordon-dialog-cluster"));
        System.out.println("screenshot: " + Screenshots.write(robot.lookup("#cordon-dialog").query().getScene(), "tls-off-cordon"));
        robot.clickOn("#cordon-close");
        FxWait.until(() -> robot.lookup("#cordon-dialog").tryQuery().isEmpty(), "the window closed");

        robot.interact(() -> sessions.switchTo(sessions.fleet().cluster("lab-plain").target()));
        onScreen("lab-plain");
        FxWait.until(() -> sessions.actions().whyNotCordonProperty().get() == null
                && sessions.actions().sessionProperty().get() != null
                && sessions.actions().sessionProperty().get().session() == sessions.session(), "cordon offered on lab-plain");
        robot.interact(() -> sessions.actions().openCordon("gpu-node-000", false));
        FxWait.until(() -> robot.lookup("#cordon-dialog-cluster").tryQuery().isPresent(), "the action window");
        assertTrue(text(robot, "#cordon-dialog-cluster").endsWith("lab-plain"));
        assertFalse(shown(robot, "#cordon-dialog-tls-off"), "a verified cluster's window says nothing of TLS");
        robot.clickOn("#cordon-close");
    }

    @Test
    void theClustersDialogSaysItBesideThatContextAndTheUnverifiedOneIsRefusedInWords(FxRobot robot) throws Exception {
        onScreen("lab-skip-verify");
        robot.clickOn("#open-clusters");
        FxWait.until(() -> shown(robot, "#open-context-tls-off-lab-skip-verify"), "the dialog's warning");
        assertFalse(shown(robot, "#open-context-tls-off-lab-plain"));
        assertFalse(shown(robot, "#open-context-tls-off-lab-unverified"));
        System.out.println("screenshot: " + Screenshots.write(
                robot.lookup("#open-context-tls-off-lab-skip-verify").query().getScene(), "tls-off-clusters-dialog"));
        robot.type(KeyCode.ESCAPE);
        FxWait.until(() -> robot.lookup("#open-clusters-ok").tryQuery().isEmpty(), "the dialog closed");

        robot.clickOn("#context-switcher");
        choose(robot, listCell(robot, "lab-unverified"));
        FxWait.until(() -> shown(robot, "#problem-banner"), "the problem banner");
        assertEquals(refusal(), robot.lookup("#problem-banner-text").queryAs(Label.class).getText());
        assertFalse(shown(robot, "#status-tls-off"), "not connected: no client, nothing turned off");
    }

    private static String refusal() {
        return "TLS with " + front.url() + " failed: the server's certificate (CN=tls-front) is not signed by a CA this machine"
                + " trusts, and the kubeconfig names no certificate-authority for the cluster";
    }
}
