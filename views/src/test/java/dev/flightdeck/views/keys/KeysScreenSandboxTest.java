package dev.flightdeck.views.keys;

import dev.flightdeck.app.palette.PaletteIndex;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.SandboxScreenTest;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.nodes.NodeRow;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The keyboard, as a person without a mouse uses it on the sandbox: Ctrl+K and a name lands on the object, an
 * action typed in the palette or pressed on a row opens its plan for confirmation (and Escape leaves without
 * acting), j/k/g/G move the table, / goes to the search and letters typed there stay text, ? lists the keys.
 */
class KeysScreenSandboxTest extends SandboxScreenTest {

    private TableView<NodeRow> nodeTable(FxRobot robot) throws Exception {
        TableView<NodeRow> table = robot.lookup("#node-table").queryTableView();
        FxWait.until(() -> table.getItems().size() == 64, "the table to fill with 64 nodes");
        return table;
    }

    private static void ctrl(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL).type(key).release(KeyCode.CONTROL);
    }

    @SuppressWarnings("unchecked")
    private static ListView<PaletteIndex.Match> list(FxRobot robot) {
        return (ListView<PaletteIndex.Match>) robot.lookup("#palette-list").queryAs(ListView.class);
    }

    /** Ctrl+K, {@code query} typed, and the palette's first line once it is {@code first}. */
    private static void palette(FxRobot robot, String query, String first) throws Exception {
        ctrl(robot, KeyCode.K);
        FxWait.until(() -> robot.lookup("#palette-field").tryQuery().map(Node::isFocused).orElse(false),
                "the palette, its field focused");
        robot.write(query);
        FxWait.until(() -> !list(robot).getItems().isEmpty()
                && list(robot).getItems().getFirst().entry().text().equals(first), "\"" + first + "\" first for " + query);
    }

    private static boolean paletteShown(FxRobot robot) {
        return robot.lookup("#palette").tryQuery().isPresent();
    }

    @Test
    void thePaletteLandsOnANodeARankAndAScreenAndListsThemRecentFirst(FxRobot robot) throws Exception {
        TableView<NodeRow> table = nodeTable(robot);
        palette(robot, "gn013", "gpu-node-013");
        Screenshots.write(window.getScene(), "palette");
        robot.type(KeyCode.ENTER);
        FxWait.until(() -> !paletteShown(robot) && shown.nodes.selectedProperty().get() != null
                && shown.nodes.selectedProperty().get().name().equals("gpu-node-013"), "gpu-node-013 selected");
        FxWait.until(table::isFocused, "the node table focused");

        palette(robot, "training/rlhf-actor rank 5", "training/rlhf-actor rank 5");
        robot.type(KeyCode.ENTER);
        FxWait.until(() -> shown.gangs.selectedProperty().get() != null
                && shown.gangs.selectedProperty().get().key().toString().equals("training/rlhf-actor")
                && shown.gangs.selectedRankProperty().get() != null
                && shown.gangs.selectedRankProperty().get().rank() == 5, "rank 5 of training/rlhf-actor selected");
        assertTrue(robot.lookup("#gang-table").query().isFocused(), "the gang table focused, not "
                + window.getScene().getFocusOwner());

        palette(robot, "journal", "Journal");
        robot.type(KeyCode.ENTER);
        FxWait.until(() -> robot.lookup("#journal-table").tryQuery().map(Node::isVisible).orElse(false),
                "the Journal screen");

        // Nothing typed: what was chosen, latest first, then the screens.
        ctrl(robot, KeyCode.K);
        FxWait.until(() -> list(robot).getItems().size() > 3, "the palette's recent lines");
        List<String> lines = list(robot).getItems().stream().map(m -> m.entry().text()).toList();
        assertEquals(List.of("Journal", "training/rlhf-actor rank 5", "gpu-node-013"), lines.subList(0, 3), lines.toString());
        Screenshots.write(window.getScene(), "palette-recent");
        robot.type(KeyCode.DOWN).type(KeyCode.DOWN).type(KeyCode.UP).type(KeyCode.DOWN);
        robot.type(KeyCode.ENTER);
        FxWait.until(() -> !paletteShown(robot) && robot.lookup("#node-table").tryQuery().map(Node::isVisible)
                .orElse(false) && table.isFocused(), "Down, Down, Up, Down and Enter: gpu-node-013 on the Nodes screen");
        assertEquals("gpu-node-013", shown.nodes.selectedProperty().get().name());

        // Escape closes the palette without choosing, and the focus goes back where it was.
        ctrl(robot, KeyCode.K);
        FxWait.until(() -> robot.lookup("#palette-field").tryQuery().map(Node::isFocused).orElse(false), "the palette");
        robot.write("fleet");
        robot.type(KeyCode.ESCAPE);
        FxWait.until(() -> !paletteShown(robot) && table.isFocused(), "Escape: the palette closed, the table focused");
        assertEquals("gpu-node-013", shown.nodes.selectedProperty().get().name(), "nothing chosen");

        // Ctrl+F on a screen without a search of its own is the search of everything, not a field out of sight.
        palette(robot, "events", "Events");
        robot.type(KeyCode.ENTER);
        FxWait.until(() -> !paletteShown(robot) && robot.lookup("#events-table").tryQuery().map(Node::isVisible)
                .orElse(false), "the Events screen");
        ctrl(robot, KeyCode.F);
        FxWait.until(() -> robot.lookup("#palette-field").tryQuery().map(Node::isFocused).orElse(false),
                "Ctrl+F on the Events screen: the palette");
        robot.type(KeyCode.ESCAPE);
        FxWait.until(() -> !paletteShown(robot), "Escape: the palette closed");
    }

    @Test
    void anActionFromThePaletteOrALetterOpensItsPlanAndEscapeLeavesWithoutActing(FxRobot robot) throws Exception {
        nodeTable(robot);
        FxWait.until(() -> sessions.actions().whyNotDrainProperty().get() == null, "permissions checked");

        palette(robot, "drain gpu-node-049", "drain gpu-node-049");
        robot.type(KeyCode.ENTER);
        FxWait.until(() -> robot.lookup("#drain-summary").tryQuery().isPresent(), "the drain plan from the palette");
        assertTrue(((Labeled) robot.lookup("#drain-summary").query()).getText().startsWith("drain gpu-node-049"));
        Window dialog = robot.lookup("#drain-summary").query().getScene().getWindow();
        robot.type(KeyCode.ESCAPE);
        FxWait.until(() -> !dialog.isShowing(), "Escape to close the plan");

        // d on the selected row: the same plan, for the node selected.
        robot.interact(() -> window.openNode("gpu-node-045"));
        FxWait.until(() -> robot.lookup("#node-table").query().isFocused(), "the table focused");
        robot.type(KeyCode.D);
        FxWait.until(() -> robot.lookup("#drain-summary").tryQuery().isPresent(), "the drain plan from d");
        Window second = robot.lookup("#drain-summary").query().getScene().getWindow();
        assertTrue(((Labeled) robot.lookup("#drain-summary").query()).getText().startsWith("drain gpu-node-045"));
        Screenshots.write(second.getScene(), "drain-plan-from-key");
        robot.type(KeyCode.ESCAPE);
        FxWait.until(() -> !second.isShowing(), "Escape to close the plan");

        for (String node : List.of("gpu-node-045", "gpu-node-049")) {
            assertFalse(sandbox.store().get("nodes", null, node).at("/spec/unschedulable").asBoolean(),
                    node + " was not cordoned: nothing was confirmed");
        }
    }

    @Test
    void tableKeysMoveTheSelectionSlashSearchesAndQuestionMarkListsTheKeys(FxRobot robot) throws Exception {
        TableView<NodeRow> table = nodeTable(robot);
        robot.interact(() -> window.nodesView().focusTable());
        robot.type(KeyCode.J);
        FxWait.until(() -> table.getSelectionModel().getSelectedIndex() == 0, "j to select the first row");
        robot.type(KeyCode.J).type(KeyCode.J);
        FxWait.until(() -> table.getSelectionModel().getSelectedIndex() == 2, "j twice: the third row");
        robot.type(KeyCode.K);
        FxWait.until(() -> table.getSelectionModel().getSelectedIndex() == 1, "k: the second row");
        robot.press(KeyCode.SHIFT).type(KeyCode.G).release(KeyCode.SHIFT);
        FxWait.until(() -> table.getSelectionModel().getSelectedIndex() == 63, "G: the last row");
        robot.type(KeyCode.G);
        FxWait.until(() -> table.getSelectionModel().getSelectedIndex() == 0, "g: the first row");
        assertTrue(table.isFocused(), "the table keeps the focus");
        assertEquals(table.getItems().getFirst(), shown.nodes.selectedProperty().get(), "the details follow");
        Screenshots.write(window.getScene(), "keys-table-focus");

        // / goes to the search; a letter typed there is text, not an action.
        robot.write("/");
        FxWait.until(() -> robot.lookup("#node-search").query().isFocused(), "/ to focus the search");
        robot.type(KeyCode.D);
        FxWait.until(() -> "d".equals(shown.nodes.searchTextProperty().get()), "d typed into the search");
        assertEquals(1, Window.getWindows().stream().filter(Window::isShowing).count(), "no drain plan opened");
        robot.type(KeyCode.ESCAPE);
        FxWait.until(table::isFocused, "Escape back to the table");

        // ? lists the keys of the screen shown; Escape closes the list and gives the focus back.
        robot.write("?");
        FxWait.until(() -> robot.lookup("#key-list").tryQuery().isPresent(), "the key list");
        String listed = texts(robot.lookup("#key-list").query());
        assertTrue(listed.contains("Keys — Nodes"), listed);
        assertTrue(listed.contains("drain the node (plan, then confirm)"), listed);
        assertTrue(listed.contains("command palette"), listed);
        assertFalse(listed.contains("resume"), "no resume on the Nodes screen: " + listed);
        Screenshots.write(window.getScene(), "key-list");
        robot.type(KeyCode.J);
        assertEquals(0, table.getSelectionModel().getSelectedIndex(), "keys do not act behind the list");
        robot.type(KeyCode.ESCAPE);
        FxWait.until(() -> robot.lookup("#key-list").tryQuery().isEmpty() && table.isFocused(), "the list closed");

        // Enter goes from the row into its details: the first of the node's actions takes the focus.
        robot.type(KeyCode.ENTER);
        FxWait.until(() -> within(window.getScene().getFocusOwner(), "node-actions"), "Enter into the node's actions");

        robot.interact(() -> window.showGangs());
        robot.interact(() -> window.gangsView().focusTable());
        robot.write("?");
        FxWait.until(() -> robot.lookup("#key-list").tryQuery().isPresent(), "the Gangs screen's key list");
        String gangKeys = texts(robot.lookup("#key-list").query());
        assertTrue(gangKeys.contains("Keys — Gangs") && gangKeys.contains("resume the gang"), gangKeys);
        assertFalse(gangKeys.contains("drain"), gangKeys);
        robot.type(KeyCode.ESCAPE);

        // e on a gang: the Events screen, showing only that gang's.
        FxWait.until(() -> robot.lookup("#gang-table").query().isFocused(), "the gang table focused again");
        robot.type(KeyCode.J);
        FxWait.until(() -> shown.gangs.selectedProperty().get() != null, "j to select the first gang");
        String gang = shown.gangs.selectedProperty().get().key().toString();
        robot.type(KeyCode.E);
        FxWait.until(() -> robot.lookup("#events-only").tryQuery().map(n -> n.isVisible()
                && ((Labeled) n).getText().equals("only gang " + gang)).orElse(false), "the Events of " + gang);
    }

    private static boolean within(Node node, String id) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (id.equals(n.getId())) {
                return true;
            }
        }
        return false;
    }

    private static String texts(Node root) {
        StringBuilder b = new StringBuilder();
        if (root instanceof Labeled l && l.getText() != null) {
            b.append(l.getText()).append('\n');
        }
        if (root instanceof javafx.scene.Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> b.append(texts(c)));
        }
        return b.toString();
    }
}
