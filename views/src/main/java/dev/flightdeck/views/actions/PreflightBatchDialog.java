package dev.flightdeck.views.actions;

import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.preflight.PreflightBatch;
import dev.flightdeck.app.actions.preflight.PreflightEvent;
import dev.flightdeck.app.actions.preflight.PreflightOutcome;
import dev.flightdeck.app.actions.preflight.PreflightSettings;
import dev.flightdeck.views.theme.Styles;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-run preflight on several nodes at once (by default every gated node): pick them, read each
 * plan's first line, run up to four together, and watch one status line per node to its result.
 * Each node's run is journaled and recorded as a FlightdeckPreflight Event on that node.
 */
final class PreflightBatchDialog extends ActionWindow {

    private final ActionSession s;
    private final Runnable journalChanged;
    private final Map<String, CheckBox> picked = new LinkedHashMap<>();
    private final Map<String, Label> status = new LinkedHashMap<>();
    private final Button go = button("Run preflight on selected nodes", "batch-go");

    PreflightBatchDialog(Window owner, ActionSession s, List<String> nodes, Runnable journalChanged) {
        super(owner, s, "Re-run preflight on " + nodes.size() + " nodes", "batch-dialog");
        this.s = s;
        this.journalChanged = journalChanged;
        GridPane grid = new GridPane(12, 4);
        grid.setId("batch-nodes");
        int row = 0;
        for (String n : nodes) {
            CheckBox c = new CheckBox(n);
            c.setSelected(true);
            c.setId("batch-pick-" + n);
            c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            Label l = muted("CUDA vectorAdd on all its GPUs; gated until it passes");
            l.setId("batch-status-" + n);
            picked.put(n, c);
            status.put(n, l);
            grid.addRow(row++, c, l);
        }
        body.getChildren().setAll(line("Each selected node is gated (" + PreflightSettings.DEFAULTS.gate().key()
                + "=pending:NoSchedule) and runs a validation Job pinned to it with all its GPUs; up to "
                + PreflightBatch.DEFAULT_PARALLEL + " run at once. A node that passes is opened again; one that fails stays "
                + "gated with the reason.", "batch-summary"), grid);
        Button close = button("Close", "batch-close");
        close.setOnAction(e -> close());
        go.setOnAction(e -> run());
        go.setDisable(nodes.isEmpty());
        setButtons(close, go);
    }

    private void run() {
        List<String> chosen = picked.entrySet().stream().filter(e -> e.getValue().isSelected()).map(Map.Entry::getKey).toList();
        picked.values().forEach(c -> c.setDisable(true));
        go.setDisable(true);
        PreflightBatch batch = new PreflightBatch(s, Duration.ofSeconds(1), PreflightBatch.DEFAULT_PARALLEL);
        Button stop = button("Stop all", "batch-cancel");
        stop.setOnAction(e -> {
            batch.cancel();
            stop.setDisable(true);
        });
        setButtons(stop);
        execute("preflight on " + chosen.size() + " nodes", () -> batch.run(chosen, PreflightSettings.DEFAULTS,
                progress -> Platform.runLater(() -> {
                    Label l = status.get(progress.node());
                    if (l != null && !(progress.event() instanceof PreflightEvent.Finished)) {
                        l.setText(progress.event().line());
                    }
                })), outcomes -> {
            for (PreflightOutcome o : outcomes) {
                Label l = status.get(o.node());
                l.setText(o.summary());
                l.getStyleClass().setAll("label", o.result() == PreflightOutcome.Result.PASSED ? Styles.MUTED : Styles.PROBLEM);
            }
            Button close = button("Close", "batch-close");
            close.setOnAction(e -> close());
            setButtons(close);
            journalChanged.run();
        });
    }
}
