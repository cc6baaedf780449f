package dev.flightdeck.views.actions;

import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.preflight.PreflightEvent;
import dev.flightdeck.app.actions.preflight.PreflightOperation;
import dev.flightdeck.app.actions.preflight.PreflightOutcome;
import dev.flightdeck.app.actions.preflight.PreflightPlan;
import dev.flightdeck.app.actions.preflight.PreflightPlanText;
import dev.flightdeck.app.actions.preflight.PreflightSettings;
import dev.flightdeck.app.actions.preflight.ValidationCheck;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.stage.Window;
import javafx.util.StringConverter;


/**
 * Re-run preflight on one node: pick the check (CUDA vectorAdd, or dcgmi diag), read the plan
 * (the gate taint, the validation Job pinned to the node with all its GPUs, what is set on pass
 * and on failure), run it and watch: gated, scheduled (or why not), running, passed or failed
 * with the log's tail. Journaled, and recorded as a FlightdeckPreflight Event on the node.
 */
final class PreflightDialog extends ActionWindow {

    private final ActionSession s;
    private final String node;
    private final Runnable journalChanged;
    private final ChoiceBox<ValidationCheck> check = new ChoiceBox<>();
    private final Button go = button("Run preflight", "preflight-go");
    /** FX thread only: the plan shown and the run it was journaled for. */
    private PreflightPlan plan;
    private ActionRun<PreflightPlan, PreflightEvent, PreflightOutcome> run;

    PreflightDialog(Window owner, ActionSession s, String node, Runnable journalChanged) {
        super(owner, s, "Re-run preflight on " + node, "preflight-dialog");
        this.s = s;
        this.node = node;
        this.journalChanged = journalChanged;
        check.setId("preflight-check");
        check.getItems().setAll(ValidationCheck.PRESETS);
        check.setValue(ValidationCheck.CUDA_VECTOR_ADD);
        check.setConverter(new StringConverter<>() {
            @Override
            public String toString(ValidationCheck c) {
                return c == null ? "" : c.name();
            }

            @Override
            public ValidationCheck fromString(String x) {
                return null;
            }
        });
        check.setOnAction(e -> replan());
        Button close = button("Close", "preflight-close");
        close.setOnAction(e -> close());
        go.setOnAction(e -> execute());
        setButtons(close, go);
        replan();
    }

    private void replan() {
        go.setDisable(true);
        ActionRun<PreflightPlan, PreflightEvent, PreflightOutcome> r = PreflightOperation.run(s, node,
                PreflightSettings.DEFAULTS.withCheck(check.getValue()));
        plan(r, p -> {
            plan = p;
            run = r;
            problem.setText("");
            body.getChildren().setAll(section("Check"), check, section("Plan"));
            PreflightPlanText.lines(p).forEach(l -> body.getChildren().add(line(l, null)));
            ((Label) body.getChildren().get(3)).setId("preflight-summary");
            go.setDisable(!p.canProceed());
            journalChanged.run();
        });
    }

    private void execute() {
        PreflightPlan confirmed = plan;
        go.setDisable(true);
        Label status = line("creating the validation Job…", "preflight-status");
        ListView<String> log = new ListView<>();
        log.setId("preflight-log");
        body.getChildren().setAll(status, log);
        ActionRun<PreflightPlan, PreflightEvent, PreflightOutcome> confirmedRun = run;
        Button stop = button("Stop", "preflight-cancel");
        stop.setOnAction(e -> {
            confirmedRun.cancel();
            stop.setDisable(true);
        });
        setButtons(stop);
        carryOut("preflight " + node, confirmedRun, confirmed, "", event -> {
            log.getItems().add(event.line());
            status.setText(event.line());
        }, o -> {
            status.setId("preflight-outcome");
            status.setText(o.summary());
            status.getStyleClass().add(o.result() == PreflightOutcome.Result.PASSED ? Styles.MUTED : Styles.PROBLEM);
            if (o.detail() != null && !o.detail().isBlank()) {
                log.getItems().add("— detail —");
                o.detail().lines().forEach(log.getItems()::add);
            }
            Button close = button("Close", "preflight-close");
            close.setOnAction(e -> close());
            setButtons(close);
            journalChanged.run();
        });
    }
}
