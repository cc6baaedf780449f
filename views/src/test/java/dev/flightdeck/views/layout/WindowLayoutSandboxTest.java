package dev.flightdeck.views.layout;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.layout.LayoutSaver;
import dev.flightdeck.app.layout.WindowLayoutFile;
import dev.flightdeck.views.ConsoleWindow;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.gangs.GangRow;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window as the person left it: a first console opens on a window.json it cannot use (one line in the banner,
 * the defaults); the person moves and resizes the window, goes to the Gangs screen, widens the Gang column, sorts by
 * checkpoint and gives the rank map more room; the window closes. A second console, started from the file that
 * left, opens where the first was, as large, on the Gangs screen, with the column as wide, the same sort and the
 * same room for the rank map.
 */
@ExtendWith(ApplicationExtension.class)
class WindowLayoutSandboxTest {

    @TempDir
    Path dir;

    private ConsoleWindow first;
    private ConsoleWindow second;

    @AfterEach
    void close() throws Exception {
        for (ConsoleWindow c : new ConsoleWindow[]{first, second}) {
            if (c != null) {
                FxWait.onFx(() -> {
                    c.close();
                    c.window.getScene().getWindow().hide();
                    return null;
                });
            }
        }
    }

    private static ConsoleWindow open(WindowLayoutFile.Loaded loaded, LayoutSaver saver) throws Exception {
        return FxWait.onFx(() -> {
            ConsoleWindow c = ConsoleWindow.onSandboxRemembering(new Stage(), 64,
                    new WindowLayoutBinding(loaded.layout(), saver::changed), 900, 700, s -> { });
            if (loaded.problem() != null) {
                c.window.showNotice(loaded.problem()); // as the console's start does
            }
            return c;
        });
    }

    @Test
    void sizeColumnWidthSortAndSplitterSurviveACloseAndReopen(FxRobot robot) throws Exception {
        WindowLayoutFile file = new WindowLayoutFile(dir.resolve("config/window.json"));
        Files.createDirectories(file.path().getParent());
        Files.writeString(file.path(), "{\"theme\": \"dark\", \"clusters\": {}}"); // settings.json's shape, not a layout
        WindowLayoutFile.Loaded broken = file.load();
        LayoutSaver saver = LayoutSaver.to(file, problem -> { });
        first = open(broken, saver);
        Stage stage = (Stage) first.window.getScene().getWindow();
        assertEquals(900, stage.getWidth(), "the defaults");
        FxWait.until(() -> ConsoleWindow.text(robot, "#notice-banner-text").startsWith("window layout " + file.path()
                + " is not a Flightdeck window layout"), "one line in the banner");
        assertEquals(1, ConsoleWindow.text(robot, "#notice-banner-text").lines().count());

        robot.interact(() -> {
            stage.setX(12);
            stage.setY(24);
            stage.setWidth(980);
            stage.setHeight(720);
        });
        robot.clickOn("#nav-gangs");
        FxWait.until(() -> first.gangs.allRows().size() >= 4, "the sandbox gangs");
        TableView<GangRow> table = robot.lookup("#gang-table").queryTableView();
        TableColumn<GangRow, ?> gang = column(table, "Gang");
        double wider = gang.getWidth() + 70;
        robot.interact(() -> table.resizeColumn(gang, 70)); // what dragging the header's edge does
        // What a click and a second click on the Checkpoint header do (the robot's click cannot reach every header of
        // the headless screen reliably): sorted by it alone, descending.
        TableColumn<GangRow, ?> checkpoint = column(table, "Checkpoint");
        robot.interact(() -> {
            checkpoint.setSortType(TableColumn.SortType.DESCENDING);
            table.getSortOrder().setAll(java.util.List.of(checkpoint));
        });
        FxWait.until(() -> table.getSortOrder().size() == 1 && table.getSortOrder().getFirst().getText().equals("Checkpoint"),
                "sorted by checkpoint");
        robot.interact(() -> first.window.openGang(table.getItems().getFirst().key(), -1));
        SplitPane split = outerSplit(robot);
        FxWait.until(() -> !DetailsSplit.of(split).collapsed(), "the gang's details");
        robot.interact(() -> split.setDividerPositions(0.5)); // the person gives the rank map more room
        FxWait.onFx(() -> {
            first.close();
            stage.hide();
            return null;
        });
        first = null;
        saver.close();

        WindowLayoutFile.Loaded left = file.load();
        assertNull(left.problem(), "the file replaced by a layout");
        assertEquals("gangs", left.layout().lastScreens().get(new ConnectionTarget.Sandbox(64).displayName()));
        second = open(left, LayoutSaver.to(file, problem -> { }));
        Stage again = (Stage) second.window.getScene().getWindow();
        assertEquals(12, again.getX());
        assertEquals(24, again.getY());
        assertEquals(980, again.getWidth());
        assertEquals(720, again.getHeight());
        FxWait.until(() -> robot.lookup("#gang-table").tryQuery().map(Node::isVisible).orElse(false)
                && robot.lookup("#gang-table").query().getScene() == again.getScene(), "back on the Gangs screen");
        TableView<GangRow> table2 = robot.lookup("#gang-table").queryTableView();
        assertEquals(wider, column(table2, "Gang").getPrefWidth(), 1.0, "the Gang column as wide");
        FxWait.until(() -> Math.abs(column(table2, "Gang").getWidth() - wider) < 1, "the Gang column laid out as wide");
        assertEquals(1, table2.getSortOrder().size());
        assertEquals("Checkpoint", table2.getSortOrder().getFirst().getText());
        assertEquals(TableColumn.SortType.DESCENDING, table2.getSortOrder().getFirst().getSortType());
        FxWait.until(() -> second.gangs.allRows().size() >= 4, "the sandbox gangs");
        robot.interact(() -> second.window.openGang(table2.getItems().getFirst().key(), -1));
        SplitPane split2 = outerSplit(robot);
        FxWait.until(() -> Math.abs(split2.getDividerPositions()[0] - 0.5) < 0.02, "the rank map's room as left");
    }

    private static TableColumn<GangRow, ?> column(TableView<GangRow> table, String title) {
        return table.getColumns().stream().filter(c -> title.equals(c.getText())).findFirst().orElseThrow();
    }

    private static SplitPane outerSplit(FxRobot robot) {
        return robot.lookup("#gangs-view .split-pane").match(n -> n instanceof SplitPane s && DetailsSplit.of(s) != null)
                .queryAs(SplitPane.class);
    }
}
