package dev.flightdeck.views.actions;

import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.drain.BrokenGang;
import dev.flightdeck.app.actions.drain.DrainSeries;
import dev.flightdeck.app.actions.drain.CircuitBreaker;
import dev.flightdeck.app.actions.drain.DrainEvent;
import dev.flightdeck.app.actions.drain.DrainOptions;
import dev.flightdeck.app.actions.drain.DrainOutcome;
import dev.flightdeck.app.actions.drain.DrainPlan;
import dev.flightdeck.app.actions.drain.DrainPlanText;
import dev.flightdeck.views.theme.Styles;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Window;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Drain several nodes: one plan per node, the circuit breaker judged for all of them together,
 * the gangs they break between them, one reason and one confirmation (typing how many nodes),
 * then drains one node after another — each journaled and recorded on its node — with a status
 * line per node. Stopping ends the current drain (its node stays cordoned) and skips the rest.
 */
final class DrainManyDialog extends ActionWindow {

    private final ActionSession s;
    private final List<String> nodes;
    private final Runnable journalChanged;
    private final DrainConsents consents = new DrainConsents("many", this::replan);
    private final TextField reason = new TextField();
    private final TextField typed = new TextField();
    private final Button go = button("Drain", "many-go");
    private final Map<String, Label> status = new LinkedHashMap<>();
    /** Plans the nodes together and drains them one after another (the rule is the core's). */
    private final DrainSeries series;
    private Map<String, DrainPlan> plans = Map.of();

    DrainManyDialog(Window owner, ActionSession s, List<String> nodes, Runnable journalChanged) {
        super(owner, s, "Drain " + nodes.size() + " nodes", "many-dialog");
        this.s = s;
        this.nodes = List.copyOf(nodes);
        this.series = new DrainSeries(s);
        this.journalChanged = journalChanged;
        reason.setId("many-reason");
        typed.setId("many-confirm");
        Button close = button("Close", "many-close");
        close.setOnAction(e -> close());
        go.setOnAction(e -> execute());
        setButtons(close, go);
        replan();
    }

    private DrainOptions options() {
        return consents.options();
    }

    private void replan() {
        go.disableProperty().unbind();
        go.setDisable(true);
        DrainOptions o = options();
        inBackground(() -> series.plan(nodes, o), this::showPlans);
    }

    private void showPlans(Map<String, DrainPlan> p) {
        plans = p;
        problem.setText("");
        CircuitBreaker.Check together = p.values().iterator().next().breaker();
        Label breaker = line(together.line(), "many-breaker");
        breaker.getStyleClass().add(together.trips() ? Styles.PROBLEM : Styles.MUTED);
        body.getChildren().setAll(breaker);
        Set<String> gangsHit = new LinkedHashSet<>();
        int gpus = 0;
        for (DrainPlan d : p.values()) {
            for (BrokenGang b : d.broken()) {
                if (gangsHit.add(b.key().toString())) {
                    gpus += b.gpus();
                }
            }
        }
        if (!gangsHit.isEmpty()) {
            Label g = line("breaks " + gangsHit.size() + (gangsHit.size() == 1 ? " gang" : " gangs") + " using " + gpus
                    + " GPUs: " + String.join(", ", gangsHit), "many-gangs");
            g.getStyleClass().add(Styles.PROBLEM);
            body.getChildren().add(g);
        }
        body.getChildren().add(section("Consent (as kubectl drain's flags)"));
        body.getChildren().addAll(consents.nodes());
        body.getChildren().add(section("Nodes"));
        status.clear();
        for (Map.Entry<String, DrainPlan> e : p.entrySet()) {
            Label l = line(DrainPlanText.lines(e.getValue()).getFirst(), "many-status-" + e.getKey());
            if (!e.getValue().canProceed()) {
                l.getStyleClass().add(Styles.PROBLEM);
            }
            status.put(e.getKey(), l);
            body.getChildren().add(l);
        }
        String count = Integer.toString(nodes.size());
        confirm.getChildren().setAll(section("Reason"), reason,
                section("Type " + count + " to confirm draining " + count + " nodes, one after another"), typed);
        boolean allCan = p.values().stream().allMatch(DrainPlan::canProceed);
        go.disableProperty().bind(Bindings.createBooleanBinding(() -> !allCan || reason.getText().isBlank()
                || !typed.getText().equals(count), reason.textProperty(), typed.textProperty()));
    }

    private void execute() {
        Map<String, DrainPlan> confirmed = plans;
        // The consents were part of what was confirmed: a change now would re-plan over the progress lines.
        consents.lock();
        // The worker writes progress into these labels through runLater; it never reads the FX-owned map.
        Map<String, Label> labels = Map.copyOf(status);
        go.disableProperty().unbind();
        go.setDisable(true);
        confirm.getChildren().clear();
        String why = reason.getText().strip();
        DrainOptions o = options();
        Button stop = button("Stop draining", "many-cancel");
        stop.setOnAction(e -> {
            series.stop();
            stop.setDisable(true);
        });
        setButtons(stop);
        execute("drain " + nodes.size() + " nodes", () -> series.run(confirmed, why, o, new DrainSeries.Listener() {
            @Override
            public void event(String node, DrainEvent event) {
                Platform.runLater(() -> labels.get(node).setText(node + ": " + event.line()));
            }

            @Override
            public void finished(String node, DrainOutcome out) {
                Platform.runLater(() -> {
                    Label l = labels.get(node);
                    l.setText(out.summary());
                    l.getStyleClass().add(out.result() == DrainOutcome.Result.DRAINED ? Styles.MUTED : Styles.PROBLEM);
                });
            }

            @Override
            public void notStarted(String node, String why) {
                Platform.runLater(() -> labels.get(node).setText(node + ": not started (" + why + ")"));
            }
        }), outcomes -> {
            Button close = button("Close", "many-close");
            close.setOnAction(e -> close());
            setButtons(close);
            journalChanged.run();
        });
    }
}
