package dev.flightdeck.views.journal;

import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.flightdeck.app.journal.IncidentTimeline;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import dev.flightdeck.views.FxWait;
import dev.flightdeck.views.Screenshots;
import dev.flightdeck.views.theme.Styles;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.Clipboard;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The journal screen headless on a realistic shift (a drain, a failed re-preflight, a resume that
 * saved a Job, one torn line): filter to a node, read the drain's outcome in full, export the
 * timeline and copy it, open the saved Job and copy it alone; and the empty journal's words.
 * Reads run on a real background thread, as in the app.
 */
@ExtendWith(ApplicationExtension.class)
class JournalScreenTest {

    @TempDir
    Path dir;
    private final ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "journal-reader-test");
        t.setDaemon(true);
        return t;
    });
    private Journal journal;
    private JournalViewModel vm;
    private Stage stage;

    @Start
    void start(Stage stage) throws InterruptedException {
        this.stage = stage;
        // The fixture's journal is written from another thread: file work on the FX thread fails the test.
        Thread writer = Thread.ofVirtual().start(() -> {
            try {
                journal = TestJournal.write(dir.resolve("journal"));
                TestJournal.tear(journal, TestJournal.NOW);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        writer.join();
        vm = new JournalViewModel(journal, TestJournal.CLOCK, reader, Platform::runLater);
        stage.setScene(scene(new JournalView(vm, w -> dir.resolve("exported.md"))));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    private static Scene scene(JournalView view) {
        BorderPane root = new BorderPane(view);
        root.getStyleClass().add(Styles.ROOT);
        Scene scene = new Scene(root, 1600, 960);
        dev.flightdeck.views.theme.Themes.install(scene);
        return scene;
    }

    @AfterEach
    void stopReader() {
        reader.shutdownNow();
    }

    private static String text(FxRobot robot, String query) {
        String t = robot.lookup(query).queryAs(Label.class).getText();
        return t == null ? "" : t;
    }

    private static String clipboard() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get();
    }

    @Test
    void filterToANodeReadTheOutcomeAndExportItsTimeline(FxRobot robot) throws Exception {
        TableView<JournalLine> table = robot.lookup("#journal-table").queryTableView();
        FxWait.until(() -> table.getItems().size() == 16, "the last 24 h read");
        assertTrue(robot.lookup("#journal-unreadable").query().isVisible(), "the torn line is said");
        assertTrue(text(robot, "#journal-unreadable-text").startsWith("1 line of the journal files read could not be read"));

        robot.clickOn("#journal-target").write("node/gpu-node-017");
        FxWait.until(() -> table.getItems().size() == 7, "the node's seven entries");
        assertTrue(table.getItems().stream().allMatch(l -> l.entry().target().equals("node/gpu-node-017")));
        assertTrue(text(robot, "#journal-status").startsWith("Showing 7 of 16 entries"), text(robot, "#journal-status"));

        robot.clickOn(TestJournal.DRAIN_OUTCOME);
        FxWait.until(() -> vm.selectedProperty().get() != null, "the outcome selected");
        assertEquals(TestJournal.DRAIN_OUTCOME, vm.selectedProperty().get().message());
        assertEquals("drain · outcome · node/gpu-node-017", text(robot, "#journal-details-title"));
        assertEquals("2026-11-22 14:00:02.000 UTC", text(robot, "#journal-field-time"));
        assertEquals("alice@example.com", text(robot, "#journal-field-user"));
        assertEquals("https://api.prod-east.example.net:6443", text(robot, "#journal-field-cluster"));
        assertEquals("112.0 s", text(robot, "#journal-field-took"));
        assertEquals("DRAINED", text(robot, "#journal-detail-result"));
        assertEquals("monitoring/dcgm-exporter-x2", text(robot, "#journal-detail-skipped"));
        String json = robot.lookup("#journal-details-json").queryAs(TextArea.class).getText();
        assertTrue(json.contains("\"evicted\" : 3,"), json);
        Path shot = Screenshots.write(stage.getScene(), "journal");
        assertTrue(Files.size(shot) > 30_000, "a screen with content: " + shot);

        robot.clickOn("#journal-export");
        Path exported = dir.resolve("exported.md");
        FxWait.until(() -> ("Timeline of 7 entries written to " + exported).equals(text(robot, "#journal-export-done-text")),
                "the timeline written (off the FX thread), then said");
        var range = vm.rangeProperty().get();
        List<JournalEntry> node = journal.read(range.from(), range.to(),
                e -> e.target().equals("node/gpu-node-017")).entries();
        String expected = IncidentTimeline.markdown("Flightdeck journal: node/gpu-node-017", range.from(), range.to(), node);
        String written = Files.readString(exported, StandardCharsets.UTF_8);
        assertEquals(expected, written);
        assertTrue(written.contains("7 entries") && written.contains("| " + TestJournal.DRAIN_OUTCOME + " | 112.0 s |"),
                written);
        assertEquals("Timeline of 7 entries written to " + exported, text(robot, "#journal-export-done-text"));

        robot.clickOn("#journal-copy-markdown");
        assertEquals(written, clipboard(), "Copy as Markdown gives the same text");
    }

    @Test
    void theJobAResumeSavedIsReadableAndCopyableAlone(FxRobot robot) throws Exception {
        TableView<JournalLine> table = robot.lookup("#journal-table").queryTableView();
        FxWait.until(() -> table.getItems().size() == 16, "the last 24 h read");
        robot.clickOn("#journal-search").write("rlhf-actor-1-x7k2p");
        FxWait.until(() -> table.getItems().size() == 1, "only the save entry holds that pod");
        robot.clickOn(table.getItems().getFirst().entry().message());
        FxWait.until(() -> vm.selectedProperty().get() != null, "the save entry selected");

        assertEquals("Job training/rlhf-actor", text(robot, "#journal-detail-workload"));
        assertEquals("2 objects: Pod training/rlhf-actor-0-x7k2p, Pod training/rlhf-actor-1-x7k2p",
                text(robot, "#journal-detail-pods"));
        assertEquals("not measured", text(robot, "#journal-field-took"));
        String json = robot.lookup("#journal-details-json").queryAs(TextArea.class).getText();
        assertTrue(json.contains("\"image\" : \"registry.example.net/rlhf/actor:2026.11.3\""), json);
        Screenshots.write(stage.getScene(), "journal-saved-job");

        robot.clickOn("#journal-copy-workload");
        assertEquals(TestJournal.job(), JsonMapper.builder().build().readValue(clipboard(), Map.class),
                "the Job alone, ready for kubectl apply -f -");
        robot.clickOn("#journal-copy-json");
        assertEquals(json, clipboard());
    }

    @Test
    void aCustomRangeIsTypedInUtcABadTimeIsPointedAtAndEscapeClearsTheFilters(FxRobot robot) throws Exception {
        TableView<JournalLine> table = robot.lookup("#journal-table").queryTableView();
        FxWait.until(() -> table.getItems().size() == 16, "the last 24 h read");
        robot.clickOn("#journal-range").clickOn(RangePreset.CUSTOM.label());
        TextField from = robot.lookup("#journal-from").queryAs(TextField.class);
        TextField to = robot.lookup("#journal-to").queryAs(TextField.class);
        assertTrue(from.isVisible(), "custom shows the from/to fields");
        assertEquals("2026-11-21 14:20", from.getText(), "starting from the range on screen");

        robot.doubleClickOn(from).eraseText(from.getText().length()).write("22.11.2026 14:00");
        robot.clickOn("#journal-apply-range");
        assertEquals("Write times as 2026-11-22 14:05 (UTC)", text(robot, "#journal-range-problem"));
        assertTrue(from.getStyleClass().contains(Styles.BAD_INPUT));
        assertEquals(16, table.getItems().size(), "nothing read from a time that does not parse");

        robot.interact(() -> {
            from.setText("2026-11-22 14:00");
            to.setText("2026-11-22 14:10");
        });
        robot.clickOn("#journal-apply-range");
        FxWait.until(() -> table.getItems().size() == 5, "the drain's outcome and the preflight");
        assertEquals("", text(robot, "#journal-range-problem"));
        assertTrue(!from.getStyleClass().contains(Styles.BAD_INPUT));
        Screenshots.write(stage.getScene(), "journal-custom-range");

        robot.clickOn("#journal-search").write("dcgmi");
        FxWait.until(() -> table.getItems().size() == 1, "the failed preflight's outcome");
        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        FxWait.until(() -> table.getItems().size() == 5, "Escape cleared the search, not the range");
        assertEquals("", robot.lookup("#journal-search").queryAs(TextField.class).getText());
    }

    @Test
    void anEmptyJournalSaysWhereItLivesAndThatActionsWillAppear(FxRobot robot) throws Exception {
        Path empty = dir.resolve("empty-journal");
        JournalViewModel none = new JournalViewModel(new Journal(empty), TestJournal.CLOCK, reader, Platform::runLater);
        robot.interact(() -> stage.setScene(scene(new JournalView(none))));
        FxWait.until(() -> none.journalEmptyProperty().get(), "the empty journal read");
        Node placeholder = robot.lookup("#journal-empty").query();
        String words = ((Label) placeholder).getText();
        assertTrue(placeholder.isVisible());
        assertTrue(words.contains(empty.toString()) && words.endsWith("they will appear here."), words);
        assertTrue(robot.lookup("#journal-unreadable").query().isVisible() == false, "nothing torn in an empty journal");
        Screenshots.write(stage.getScene(), "journal-empty");
    }
}
