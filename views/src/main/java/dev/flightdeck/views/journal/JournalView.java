package dev.flightdeck.views.journal;

import dev.flightdeck.views.copy.CopiedText;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;

/**
 * The journal screen: what the console did, to what, by whom, in a time range. A header with
 * the count and the export buttons, the filters, a warning when lines could not be read, the
 * entries newest first and the selected entry in full.
 *
 * <p>Wiring: {@code new JournalView(vm)} reads the view model's range once; call
 * {@link JournalViewModel#refresh()} when an entry was written. "Export timeline…" asks where to
 * save and writes {@link JournalViewModel#timelineMarkdown()}; "Copy as Markdown" puts the same
 * text on the clipboard.
 */
public final class JournalView extends VBox {

    private static final DateTimeFormatter FILE_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmm")
            .withZone(ZoneOffset.UTC);

    private final JournalViewModel vm;
    private final Function<Window, Path> chooseFile;
    private final StringProperty exportNotice = new SimpleStringProperty(this, "exportNotice");
    private final StringProperty exportProblem = new SimpleStringProperty(this, "exportProblem");
    private final JournalFilterBar filters;
    private final JournalTable table;

    public JournalView(JournalViewModel vm) {
        this(vm, null);
    }

    /** @param chooseFile asks where to export (null: a save dialog); returns null when the person cancels */
    JournalView(JournalViewModel vm, Function<Window, Path> chooseFile) {
        this.vm = vm;
        this.chooseFile = chooseFile != null ? chooseFile : this::askForFile;
        setId("journal-view");
        filters = new JournalFilterBar(vm);
        table = new JournalTable(vm);

        JournalDetailsPane details = new JournalDetailsPane(vm);
        SplitPane split = new SplitPane(table, details);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.5);
        dev.flightdeck.views.layout.DetailsSplit.install(split, details, vm.selectedProperty().isNotNull());
        VBox.setVgrow(split, Priority.ALWAYS);
        getChildren().addAll(header(), filters,
                notice("journal-problem", Styles.BANNER_ERROR, Icons.ERROR, vm.problemProperty(), null),
                notice("journal-unreadable", Styles.BANNER_WARNING, Icons.WARNING, vm.unreadableTextProperty(), null),
                notice("journal-export-problem", Styles.BANNER_ERROR, Icons.ERROR, exportProblem, exportProblem),
                notice("journal-export-done", Styles.BANNER_INFO, Icons.INFO, exportNotice, exportNotice),
                split);

        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && !(e.getTarget() instanceof ComboBox<?>)) {
                vm.clearFilters();
                table.requestFocus();
                e.consume();
            }
        });
        vm.refresh();
    }

    private HBox header() {
        Label title = new Label("Journal", new FontIcon(Icons.JOURNAL));
        title.getStyleClass().add(Styles.HEADLINE);
        title.setMinWidth(Region.USE_PREF_SIZE);
        Label status = new Label();
        status.setId("journal-status");
        status.getStyleClass().add(Styles.MUTED);
        status.textProperty().bind(vm.statusProperty());

        Button refresh = button("journal-refresh", "Refresh", Icons.REFRESH, "Read the journal again");
        refresh.setOnAction(e -> vm.refresh());
        Button copy = button("journal-copy-markdown", "Copy as Markdown", Icons.COPY,
                "The shown entries as a Markdown incident timeline, oldest first, on the clipboard");
        copy.setOnAction(e -> {
            CopiedText.toClipboard(vm.timelineMarkdown());
            exportProblem.set(null);
            exportNotice.set("Copied the timeline of " + count() + " to the clipboard as Markdown.");
        });
        Button export = button("journal-export", "Export timeline…", Icons.EXPORT,
                "Save the shown range and entries as a Markdown incident timeline, oldest first");
        export.setOnAction(e -> {
            Path file = chooseFile.apply(getScene() == null ? null : getScene().getWindow());
            if (file != null) {
                exportTo(file);
            }
        });

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(12, title, status, spacer, refresh, copy, export);
        header.getStyleClass().add(Styles.FLEET_HEADER);
        return header;
    }

    private String count() {
        int n = vm.visibleLines().size();
        return n == 1 ? "1 entry" : n + " entries";
    }

    /**
     * What "Export timeline…" does once a file is chosen: the timeline is taken from the screen here,
     * written off the FX thread (a slow or network disk must not freeze the window), then said.
     */
    void exportTo(Path file) {
        String markdown = vm.timelineMarkdown();
        String what = count();
        exportProblem.set(null);
        exportNotice.set("Writing the timeline of " + what + " to " + file + "…");
        Thread.ofVirtual().name("timeline-export").start(() -> {
            try {
                JournalViewModel.write(file, markdown);
                javafx.application.Platform.runLater(() -> exportNotice.set("Timeline of " + what + " written to " + file));
            } catch (IOException | RuntimeException e) {
                String why = dev.flightdeck.views.background.LatestOnly.reason(e);
                javafx.application.Platform.runLater(() -> {
                    exportNotice.set(null);
                    exportProblem.set("Could not write the timeline to " + file + ": " + why);
                });
            }
        });
    }

    private Path askForFile(Window owner) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export timeline");
        chooser.setInitialFileName("flightdeck-timeline-" + FILE_STAMP.format(vm.rangeProperty().get().to()) + "Z.md");
        chooser.getExtensionFilters().setAll(new FileChooser.ExtensionFilter("Markdown", "*.md"),
                new FileChooser.ExtensionFilter("All files", "*"));
        java.io.File f = chooser.showSaveDialog(owner);
        return f == null ? null : f.toPath();
    }

    private static Button button(String id, String text, Ikon icon, String tip) {
        Button b = new Button(text, new FontIcon(icon));
        b.setId(id);
        b.setTooltip(new Tooltip(tip));
        b.setMinWidth(Region.USE_PREF_SIZE);
        return b;
    }

    /**
     * A full-width line shown while its text is set (words only, never a stack trace).
     *
     * @param dismiss cleared by the line's close button; null: no button (the line goes when its cause does)
     */
    private static Node notice(String id, String style, Ikon icon, ObservableValue<String> text, StringProperty dismiss) {
        Label message = new Label();
        message.setId(id + "-text");
        message.setWrapText(true);
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        message.textProperty().bind(text);
        HBox box = new HBox(10, new FontIcon(icon), message);
        if (dismiss != null) {
            Button close = new Button(null, new FontIcon(Icons.CLEAR));
            close.setId(id + "-dismiss");
            close.setTooltip(new Tooltip("Dismiss"));
            close.setOnAction(e -> dismiss.set(null));
            box.getChildren().add(close);
        }
        box.setId(id);
        box.getStyleClass().addAll(Styles.BANNER, style);
        box.visibleProperty().bind(text.map(t -> !t.isBlank()).orElse(false));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    public void focusSearch() {
        filters.focusSearch();
    }

    public void focusTable() {
        table.requestFocus();
    }
}
