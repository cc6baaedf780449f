package dev.flightdeck.views.journal;

import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

import java.time.Instant;
import java.util.Optional;

/**
 * The range choice; with "Custom from/to" it adds two UTC time fields and Apply. A time that
 * does not parse, or a "from" not before "to", is outlined and explained in the tooltip instead
 * of read.
 */
final class RangeChooser extends HBox {

    private final JournalViewModel vm;
    private final TextField from = new TextField();
    private final TextField to = new TextField();
    private final Label problem = new Label();

    RangeChooser(JournalViewModel vm) {
        super(8);
        this.vm = vm;
        setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        ChoiceBox<RangePreset> preset = new ChoiceBox<>();
        preset.setId("journal-range");
        preset.setTooltip(new Tooltip("Which time range to read from the journal"));
        preset.getItems().setAll(RangePreset.values());
        preset.setConverter(new StringConverter<>() {
            @Override
            public String toString(RangePreset p) {
                return p == null ? "" : p.label();
            }

            @Override
            public RangePreset fromString(String s) {
                return null;
            }
        });
        preset.valueProperty().bindBidirectional(vm.presetProperty());

        field(from, "journal-from", "From (UTC), e.g. 2026-11-22 13:50");
        field(to, "journal-to", "To (UTC), not included");
        Button apply = new Button("Apply");
        apply.setId("journal-apply-range");
        apply.setOnAction(e -> apply());
        from.setOnAction(e -> apply());
        to.setOnAction(e -> apply());
        problem.setId("journal-range-problem");
        problem.getStyleClass().add(Styles.PROBLEM);
        problem.setMinWidth(Region.USE_PREF_SIZE);

        Label fromLabel = new Label("from");
        Label toLabel = new Label("to");
        HBox custom = new HBox(6, fromLabel, from, toLabel, to, new Label("UTC"), apply, problem);
        custom.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        custom.visibleProperty().bind(vm.presetProperty().isEqualTo(RangePreset.CUSTOM));
        custom.managedProperty().bind(custom.visibleProperty());
        getChildren().addAll(preset, custom);

        // The fields show the range on screen, so switching to custom starts from what is shown.
        vm.rangeProperty().addListener((o, old, r) -> showRange());
        showRange();
    }

    private static void field(TextField f, String id, String prompt) {
        f.setId(id);
        f.setPromptText(prompt);
        f.setTooltip(new Tooltip(prompt));
        f.setPrefColumnCount(11);
    }

    private void showRange() {
        TimeRange r = vm.rangeProperty().get();
        from.setText(UtcTimeInput.format(r.from()));
        to.setText(UtcTimeInput.format(r.to()));
        mark(null);
    }

    private void apply() {
        Optional<Instant> f = UtcTimeInput.parse(from.getText());
        Optional<Instant> t = UtcTimeInput.parse(to.getText());
        if (f.isEmpty() || t.isEmpty()) {
            mark("Write times as 2026-11-22 14:05 (UTC)");
        } else if (!f.get().isBefore(t.get())) {
            mark("\"from\" must be before \"to\"");
        } else {
            mark(null);
            vm.setCustomRange(f.get(), t.get());
        }
    }

    private void mark(String why) {
        problem.setText(why);
        for (TextField f : new TextField[]{from, to}) {
            f.getStyleClass().remove(Styles.BAD_INPUT);
            if (why != null) {
                f.getStyleClass().add(Styles.BAD_INPUT);
            }
        }
    }
}
