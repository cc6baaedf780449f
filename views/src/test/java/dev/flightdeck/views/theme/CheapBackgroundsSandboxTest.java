package dev.flightdeck.views.theme;

import dev.flightdeck.views.ConsoleWindow;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.SandboxScreenTest;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * No large region of any screen paints a background of more than one fill. JavaFX draws such a background (Modena's
 * "outline colour, then the background inset by a pixel": tables, table rows, lists, scroll panes) by rendering it
 * once into an image and stretching that image over the region; the software pipeline, which a remote desktop or a
 * machine without a GPU gets, stretches it pixel by pixel. The node table's whole repaint (rows shifting under churn,
 * a scroll, its first rows) took 79 ms of painting with Modena's backgrounds and 16 ms with one fill and a border
 * (docs/performance.md). flightdeck.css gives them one fill; this test finds any that creeps back, on every screen,
 * with the table focused (Modena's focus ring is a third fill).
 */
class CheapBackgroundsSandboxTest extends SandboxScreenTest {

    /** Smaller regions (buttons, the scroll bars' thumbs, a focused cell) cost little however they are drawn. */
    static final double LARGE_AREA = 40_000;

    @Override
    protected ConsoleWindow show(Stage stage) {
        return ConsoleWindow.onSandbox(stage, 64, dev.flightdeck.app.session.SessionOptions.DEFAULTS, 1600, 960, s -> { });
    }

    @Test
    void noLargeRegionOnAnyScreenPaintsMoreThanOneFill(FxRobot robot) throws Exception {
        FxWait.until(() -> window.nodesView() != null && shown.nodes.visibleRows().size() >= 60, "the nodes on screen");
        Map<String, List<String>> found = new TreeMap<>();
        Map<String, Runnable> screens = new LinkedHashMap<>();
        screens.put("Nodes", window::showNodes);
        screens.put("Gangs", window::showGangs);
        screens.put("Fleet", window::showFleet);
        screens.put("Pressure", window::showPressure);
        screens.put("Events", window::showEvents);
        screens.put("Journal", window::showJournal);
        screens.put("Drills", window::showDrills);
        for (Map.Entry<String, Runnable> screen : screens.entrySet()) {
            robot.interact(screen.getValue());
            robot.interact(() -> focusFirstTable(window.getScene().getRoot()));
            List<String> large = FxWait.onFx(() -> {
                window.getScene().getRoot().applyCss();
                window.getScene().getRoot().layout();
                List<String> out = new ArrayList<>();
                collect(window.getScene().getRoot(), out);
                return out;
            });
            if (!large.isEmpty()) {
                found.put(screen.getKey(), large);
            }
        }
        assertEquals(Map.of(), found, "regions of more than one fill and over " + (int) LARGE_AREA + " px²");
    }

    private static void focusFirstTable(Parent root) {
        root.lookupAll(".table-view").stream().filter(Node::isVisible).findFirst().ifPresent(Node::requestFocus);
    }

    /** The one row with the keyboard's focus keeps Modena's inner outline (see flightdeck.css). */
    private static boolean focusedRow(Region r) {
        return r.getStyleClass().contains("table-row-cell")
                && r.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("focused"));
    }

    private static void collect(Node node, List<String> out) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Region r && r.getBackground() != null && r.getBackground().getFills().size() > 1
                && r.getWidth() * r.getHeight() > LARGE_AREA && !focusedRow(r)) {
            out.add(r.getClass().getSimpleName() + r.getStyleClass() + (r.getId() == null ? "" : "#" + r.getId())
                    + " " + (int) r.getWidth() + "×" + (int) r.getHeight() + " " + r.getBackground().getFills().size() + " fills");
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out);
            }
        }
    }
}
