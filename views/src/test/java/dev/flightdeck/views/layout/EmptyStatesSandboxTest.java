package dev.flightdeck.views.layout;

import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.SandboxScreenTest;
import dev.flightdeck.views.Screenshots;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.nio.file.Files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each screen with nothing selected: the details are a strip that says what to select, not half the window; selecting
 * something gives them their room back. Photographed in both themes (target/screenshots/empty-*.png).
 */
class EmptyStatesSandboxTest extends SandboxScreenTest {

    @Test
    void withNothingSelectedTheDetailsAreAStripThatSaysWhatToSelect(FxRobot robot) throws Exception {
        FxWait.until(() -> shown.nodes.allRows().size() >= 60, "the sandbox's nodes");
        robot.interact(() -> shown.nodes.selectedProperty().set(null));
        SplitPane nodes = detailsSplit(robot, "#node-table");
        FxWait.until(() -> details(nodes).getHeight() <= DetailsSplit.STRIP + 1, "the node details a strip");
        assertTrue(texts(robot).contains("Select a node to see why it has its verdict"), "says what to do");
        robot.moveTo("#app-title");
        Screenshots.writeBothThemes(window.getScene(), "empty-nodes");
        shown.openNode(robot, "gpu-node-013");
        FxWait.until(() -> details(nodes).getHeight() > 200, "the node's details given their room");

        robot.clickOn("#nav-gangs");
        FxWait.until(() -> shown.gangs.allRows().size() >= 4, "the sandbox gangs");
        robot.interact(() -> shown.gangs.selectedProperty().set(null));
        SplitPane gangs = detailsSplit(robot, "#gang-table");
        FxWait.until(() -> details(gangs).getHeight() <= DetailsSplit.STRIP + 1, "the gang details a strip");
        assertEquals(false, shown(robot.lookup("#broken-ranks").query()), "no empty broken-ranks box");
        assertEquals(false, shown(robot.lookup("#rank-map-title").query()), "no untitled rank map");
        assertTrue(shown(robot.lookup("#gang-none-selected").query()), "one line saying what to select");
        robot.moveTo("#app-title");
        Screenshots.writeBothThemes(window.getScene(), "empty-gangs");

        robot.clickOn("#nav-journal");
        FxWait.until(() -> robot.lookup("#journal-view").tryQuery().isPresent(), "the journal");
        robot.moveTo("#app-title");
        Screenshots.writeBothThemes(window.getScene(), "empty-journal");

        for (String screen : new String[]{"events", "queues"}) {
            robot.clickOn("#nav-" + screen);
            robot.moveTo("#app-title");
            FxWait.until(() -> true, "the " + screen + " screen");
            Screenshots.writeBothThemes(window.getScene(), "empty-" + screen);
        }
        for (String name : new String[]{"empty-nodes", "empty-gangs", "empty-journal", "empty-events", "empty-queues"}) {
            assertTrue(Files.size(Screenshots.dir().resolve(name + "-dark.png")) > 10_000, name);
        }
    }

    private static SplitPane detailsSplit(FxRobot robot, String table) {
        return robot.lookup(".split-pane").match(n -> n instanceof SplitPane s && DetailsSplit.of(s) != null
                && s.getItems().getFirst() == robot.lookup(table).query()).queryAs(SplitPane.class);
    }

    /** Visible, and so is every parent up to the scene's root. */
    private static boolean shown(javafx.scene.Node n) {
        for (javafx.scene.Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    private static Region details(SplitPane s) {
        return (Region) s.getItems().getLast();
    }

    private static String texts(FxRobot robot) {
        StringBuilder b = new StringBuilder();
        robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class).forEach(l -> b.append(l.getText()).append('\n'));
        return b.toString();
    }
}
