package dev.flightdeck.views.actions;

import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.drain.BrokenGang;
import dev.flightdeck.app.actions.drain.DrainEvent;
import dev.flightdeck.app.actions.drain.DrainOperation;
import dev.flightdeck.app.actions.drain.DrainOptions;
import dev.flightdeck.app.actions.drain.DrainOutcome;
import dev.flightdeck.app.actions.drain.DrainPlan;
import dev.flightdeck.app.actions.drain.DrainPlanText;
import dev.flightdeck.app.actions.drain.PdbHold;
import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.stage.Window;

import java.util.Locale;

/**
 * Drain, as the operator does it: read the plan (pods evicted, skipped, blocking; budgets that
 * will hold it; gangs it breaks with GPUs and GPU-hours at risk), give consents where kubectl
 * would want flags, say why, type the node's name when a gang breaks, then watch it run pod by
 * pod with a way to stop it. Every plan shown, the confirmation, each step and the outcome go to
 * the journal.
 */
final class DrainDialog extends ActionWindow {

    private final ActionSession s;
    private final String node;
    private final Runnable journalChanged;
    private final DrainConsents consents = new DrainConsents("drain", this::replan);
    private final TextField reason = new TextField();
    private final TextField typed = new TextField();
    private final Button go = button("Drain", "drain-go");
    /** FX thread only: the plan shown and the run it was journaled for. */
    private DrainPlan plan;
    private ActionRun<DrainPlan, DrainEvent, DrainOutcome> run;

    DrainDialog(Window owner, ActionSession s, String node, Runnable journalChanged) {
        super(owner, s, "Drain " + node, "drain-dialog");
        this.s = s;
        this.node = node;
        this.journalChanged = journalChanged;
        reason.setId("drain-reason");
        reason.setPromptText("why (journaled, and written on the node for teammates)");
        typed.setId("drain-confirm");
        Button close = button("Close", "drain-close");
        close.setOnAction(e -> close());
        go.setOnAction(e -> execute());
        go.setDisable(true);
        setButtons(close, go);
        body.getChildren().setAll(muted("Reading the node's pods and budgets…"));
        replan();
    }

    private DrainOptions options() {
        return consents.options();
    }

    private void replan() {
        go.disableProperty().unbind();
        go.setDisable(true);
        // Read with the gangs of this dialog's own session, not whatever cluster the main window shows by then.
        ActionRun<DrainPlan, DrainEvent, DrainOutcome> r = DrainOperation.run(s, node, options());
        plan(r, p -> {
            plan = p;
            run = r;
            problem.setText("");
            showPlan(plan);
            journalChanged.run();
        });
    }

    private void showPlan(DrainPlan p) {
        body.getChildren().setAll(line(DrainPlanText.lines(p).getFirst(), "drain-summary"));
        if (p.breaker() != null) {
            Label b = line(p.breaker().line(), "drain-breaker");
            b.getStyleClass().add(p.breaker().trips() ? Styles.PROBLEM : Styles.MUTED);
            body.getChildren().add(b);
        }
        if (!p.broken().isEmpty()) {
            body.getChildren().add(section("Gangs this drain breaks — one lost rank halts the whole job"));
            for (BrokenGang b : p.broken()) {
                Label l = line(b.key().namespace() + "/" + b.key().name() + " · " + b.key().system().label() + " · ranks "
                        + b.ranksOnNode() + " here · " + b.gpus() + " GPUs · checkpoint "
                        + (b.checkpointAge() == null ? "unknown" : Ages.format(b.checkpointAge()) + " old") + " · "
                        + (b.gpuHoursAtRisk().isPresent() ? String.format(Locale.ROOT, "%.1f GPU-hours at risk",
                        b.gpuHoursAtRisk().getAsDouble()) : "GPU-hours at risk unknown"), "drain-gang-" + b.key().name());
                l.setGraphic(Icons.icon(Icons.AT_RISK, "level-red"));
                l.getStyleClass().add(Styles.PROBLEM);
                body.getChildren().add(l);
            }
        }
        body.getChildren().add(section("Consent (as kubectl drain's flags)"));
        body.getChildren().addAll(consents.nodes());
        if (!p.blockers().isEmpty()) {
            body.getChildren().add(section("Blocks the drain (" + p.blockers().size() + ")"));
            p.blockers().forEach(b -> body.getChildren().add(line(b.pod().ref() + " — " + b.why() + " (needs: " + b.consent()
                    + ")", null)));
        }
        body.getChildren().add(section("Evicts (" + p.evict().size() + ")"));
        p.evict().forEach(e -> body.getChildren().add(line(e.pod().ref() + " — " + e.note(), null)));
        if (!p.pdbs().isEmpty()) {
            body.getChildren().add(section("Disruption budgets"));
            for (PdbHold h : p.pdbs()) {
                body.getChildren().add(line(h.namespace() + "/" + h.name() + " allows " + h.disruptionsAllowed()
                        + " disruption(s) now" + (h.holds() ? " — evictions will wait, retried every 5 s for up to "
                        + options().timeout().toMinutes() + " min" : ""), "drain-budget-" + h.name()));
            }
        }
        body.getChildren().add(section("Skips (" + p.skipped().size() + ")"));
        p.skipped().forEach(k -> body.getChildren().add(muted(k.pod().ref() + " — " + k.why())));
        confirm.getChildren().setAll(section("Reason"), reason);
        if (p.needsTypedConfirmation()) {
            confirm.getChildren().addAll(section("Type " + node + " to confirm: this halts " + p.broken().size()
                    + (p.broken().size() == 1 ? " gang" : " gangs") + " using " + p.gpusInBrokenGangs() + " GPUs"), typed);
        }
        go.disableProperty().bind(Bindings.createBooleanBinding(() -> !p.canProceed() || reason.getText().isBlank()
                || p.needsTypedConfirmation() && !typed.getText().equals(node), reason.textProperty(), typed.textProperty()));
    }

    private void execute() {
        DrainPlan confirmed = plan;
        ActionRun<DrainPlan, DrainEvent, DrainOutcome> confirmedRun = run;
        consents.lock();
        go.disableProperty().unbind();
        ProgressBar bar = new ProgressBar(0);
        bar.setId("drain-progress");
        bar.setMaxWidth(Double.MAX_VALUE);
        Label status = line("cordoning " + node + "…", "drain-status");
        ListView<String> log = new ListView<>();
        log.setId("drain-log");
        log.setPrefHeight(320);
        body.getChildren().setAll(status, bar, log);
        confirm.getChildren().clear();
        Button cancel = button("Stop draining", "drain-cancel");
        cancel.setOnAction(e -> {
            confirmedRun.cancel();
            cancel.setDisable(true);
            status.setText("stopping: no further evictions; " + node + " stays cordoned");
        });
        setButtons(cancel);
        carryOut("drain " + node, confirmedRun, confirmed, reason.getText().strip(), event -> {
            log.getItems().add(event.line());
            log.scrollTo(log.getItems().size() - 1);
            status.setText(event.line());
            if (event instanceof DrainEvent.Gone g) {
                bar.setProgress((double) g.done() / g.total());
            }
        }, outcome -> finished(outcome, status, bar));
    }

    private void finished(DrainOutcome o, Label status, ProgressBar bar) {
        status.setId("drain-outcome");
        status.setText(o.summary());
        status.getStyleClass().add(o.result() == DrainOutcome.Result.DRAINED ? Styles.MUTED : Styles.PROBLEM);
        if (o.result() == DrainOutcome.Result.DRAINED) {
            bar.setProgress(1);
        }
        Button close = button("Close", "drain-close");
        close.setOnAction(e -> close());
        setButtons(close);
        journalChanged.run();
    }
}
