package dev.flightdeck.views.keys;

import dev.flightdeck.app.palette.PaletteEntry;
import dev.flightdeck.app.palette.PaletteIndex;
import dev.flightdeck.app.palette.RecentChoices;
import dev.flightdeck.app.palette.Target;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The command palette's card: a field and the lines that match what is typed, best first (Up/Down move,
 * Enter chooses, Escape closes). Its lines are read from the open clusters each time it opens and ranked off the
 * FX thread: at 100k ranks a keystroke costs the FX thread one list update, never the ranking. A verb chosen
 * alone ("drain") is completed in the field for its object to be typed; anything else closes the card and is
 * handed to {@code choose}, which goes to it or acts on it through the same dialogs as the buttons.
 */
public final class CommandPalette extends VBox {

    /** Lines listed at most: a screenful and some, the best first. */
    static final int SHOWN = 50;

    private final TextField field = new TextField();
    private final ListView<PaletteIndex.Match> list = new ListView<>();
    private final Label status = new Label();
    private final Consumer<PaletteEntry> choose;
    private final Executor background;
    private final RecentChoices recent = new RecentChoices();
    private final AtomicLong generation = new AtomicLong();
    /** The ranking on screen; Enter before the latest lands waits for it (a fast typist gets what they typed). */
    private long landed;
    private boolean chooseWhenRanked;
    private CompletableFuture<PaletteIndex> index = CompletableFuture.completedFuture(new PaletteIndex(List.of()));
    private Runnable close = () -> { };

    /**
     * @param choose     what choosing a line does (FX thread)
     * @param background where lines are read and ranked, one task at a time
     */
    public CommandPalette(Consumer<PaletteEntry> choose, Executor background) {
        this.choose = choose;
        this.background = background;
        setId("palette");
        getStyleClass().add("palette");
        field.setId("palette-field");
        field.setPromptText("Go to a node, gang, pod, cluster or screen — or act: drain, cordon, logs, yaml …");
        field.setPrefColumnCount(52);
        list.setId("palette-list");
        list.setFocusTraversable(false); // the field keeps the focus; Up and Down move the list from there
        list.setFixedCellSize(30);
        // As tall as its lines, up to twelve: one match is one line, not a column of empty rows.
        list.prefHeightProperty().bind(javafx.beans.binding.Bindings.size(list.getItems())
                .map(n -> 30 * Math.clamp(n.intValue(), 1, 12) + 2.0));
        list.setCellFactory(l -> new MatchCell());
        list.setPlaceholder(new Label("Nothing matches."));
        list.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) {
                chooseSelected();
            }
        });
        status.setId("palette-status");
        status.getStyleClass().add("muted");
        Label keys = new Label("↑ ↓ choose   Enter go   Esc close");
        keys.getStyleClass().add("muted");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        getChildren().addAll(field, list, new HBox(status, spacer, keys));
        field.textProperty().addListener((o, was, now) -> rank(now));
        field.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            switch (e.getCode()) {
                case DOWN -> move(1);
                case UP -> move(-1);
                case PAGE_DOWN -> move(10);
                case PAGE_UP -> move(-10);
                case ENTER -> chooseSelected();
                case TAB -> { } // stays in the card: the window behind is not reachable while it shows
                default -> {
                    return;
                }
            }
            e.consume();
        });
    }

    /**
     * FX thread: opens empty, reading the open clusters afresh.
     *
     * @param lines the lines of the screens and open clusters, called off the FX thread
     * @param close hides the card
     */
    public void open(Supplier<List<PaletteEntry>> lines, Runnable close) {
        this.close = close;
        chooseWhenRanked = false;
        status.setText("reading the open clusters …");
        index = CompletableFuture.supplyAsync(() -> new PaletteIndex(lines.get()), background);
        field.clear();
        rank("");
        Platform.runLater(field::requestFocus);
    }

    /** Ranks in the background; a ranking overtaken by a newer keystroke is skipped, or dropped when done. */
    private void rank(String query) {
        long mine = generation.incrementAndGet();
        CompletableFuture<PaletteIndex> from = index;
        RecentChoices.Snapshot now = recent.snapshot();
        from.thenApplyAsync(ix -> mine == generation.get() ? new Ranked(ix, ix.rank(query, now, SHOWN)) : null,
                background).whenComplete((ranked, failed) -> Platform.runLater(() -> {
                    if (mine != generation.get()) {
                        return;
                    }
                    if (failed != null) {
                        Throwable why = failed.getCause() == null ? failed : failed.getCause();
                        status.setText("could not read the open clusters: " + why.getMessage());
                        return;
                    }
                    if (ranked != null) {
                        landed = mine;
                        list.getItems().setAll(ranked.matches());
                        if (!ranked.matches().isEmpty()) {
                            list.getSelectionModel().select(0);
                            list.scrollTo(0);
                        }
                        status.setText("%,d lines from the open clusters".formatted(ranked.index().size()));
                        if (chooseWhenRanked) {
                            chooseWhenRanked = false;
                            chooseSelected();
                        }
                    }
                }));
    }

    private record Ranked(PaletteIndex index, List<PaletteIndex.Match> matches) { }

    private void move(int by) {
        int n = list.getItems().size();
        if (n == 0) {
            return;
        }
        int i = Math.clamp(list.getSelectionModel().getSelectedIndex() + by, 0, n - 1);
        list.getSelectionModel().select(i);
        list.scrollTo(Math.max(0, i - 5));
    }

    private void chooseSelected() {
        if (landed != generation.get()) {
            chooseWhenRanked = true;
            return;
        }
        PaletteIndex.Match m = list.getSelectionModel().getSelectedItem();
        if (m == null) {
            return;
        }
        PaletteEntry e = m.entry();
        if (e.target() instanceof Target.Command c) {
            field.setText(c.verb().word() + " ");
            field.positionCaret(field.getText().length());
            return;
        }
        recent.chose(e);
        // Chosen before the card closes: what it opens takes the focus from the field, which the window then keeps
        // (the field removed while it still had the focus would hand it to the window's first control).
        choose.accept(e);
        close.run();
    }

    /** One line: what kind it is, its name, what it is now. */
    private static final class MatchCell extends ListCell<PaletteIndex.Match> {
        private final Label kind = new Label();
        private final Label text = new Label();
        private final Label detail = new Label();
        private final HBox box = new HBox(10, kind, text, detail);

        MatchCell() {
            box.setAlignment(javafx.geometry.Pos.BASELINE_LEFT);
            kind.getStyleClass().add("palette-kind");
            kind.setMinWidth(64);
            text.getStyleClass().add("palette-text");
            text.setMinWidth(Region.USE_PREF_SIZE);
            detail.getStyleClass().add("palette-detail");
            setGraphic(null);
        }

        @Override
        protected void updateItem(PaletteIndex.Match m, boolean empty) {
            super.updateItem(m, empty);
            if (empty || m == null) {
                setGraphic(null);
                return;
            }
            kind.setText(m.entry().kind());
            text.setText(m.entry().text());
            detail.setText(m.entry().verb() == null ? m.entry().detail() : m.entry().verb().what() + " · "
                    + m.entry().detail());
            setGraphic(box);
        }
    }
}
