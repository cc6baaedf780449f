package dev.flightdeck.views.actions;

import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.drain.BrokenGang;
import dev.flightdeck.app.actions.drain.CircuitBreaker;
import dev.flightdeck.app.actions.drain.DrainEvent;
import dev.flightdeck.app.actions.drain.DrainExecutor;
import dev.flightdeck.app.actions.drain.DrainOptions;
import dev.flightdeck.app.actions.drain.DrainOutcome;
import dev.flightdeck.app.actions.drain.DrainPlan;
import dev.flightdeck.app.actions.drain.DrainPlanReader;
import dev.flightdeck.app.actions.drain.DrainPlanText;
import dev.flightdeck.app.actions.drain.DrainRun;
import dev.flightdeck.views.theme.Styles;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Window;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

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
    private Map<String, DrainPlan> plans = Map.of();

    DrainManyDialog(Window owner, ActionSession s, List<String> nodes, Runnable journalChanged) {
        super(owner, s, "Drain " + nodes.size() + " nodes", "many-dialog");
        this.s = s;
        this.nodes = List.copyOf(nodes);
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
        inBackground(() -> {
            DrainPlanReader reader = new DrainPlanReader(s.rest(), s.session().checkpoints()::read);
            var fleet = s.session().fleet().snapshot().nodes();
            CircuitBreaker.Check together = s.drainBreaker().check(fleet, new LinkedHashSet<>(nodes));
            Map<String, DrainPlan> out = new LinkedHashMap<>();
            for (String n : nodes) {
                out.put(n, reader.read(n, s.session().fleet().gangs(), o, s.clock().instant()).withBreaker(together));
            }
            return out;
        }, this::showPlans);
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
        AtomicBoolean stopped = new AtomicBoolean();
        AtomicReference<DrainRun> current = new AtomicReference<>();
        Button stop = button("Stop draining", "many-cancel");
        stop.setOnAction(e -> {
            stopped.set(true);
            DrainRun r = current.get();
            if (r != null) {
                r.cancel();
            }
            stop.setDisable(true);
        });
        setButtons(stop);
        execute("drain " + nodes.size() + " nodes", () -> {
            List<DrainOutcome> outcomes = new ArrayList<>();
            DrainPlanReader reader = new DrainPlanReader(s.rest(), s.session().checkpoints()::read);
            for (Map.Entry<String, DrainPlan> e : confirmed.entrySet()) {
                String n = e.getKey();
                Label l = labels.get(n);
                if (stopped.get()) {
                    Platform.runLater(() -> l.setText(n + ": not started (stopped)"));
                    continue;
                }
                DrainRun run = new DrainRun(s.rest(), s.journalFor("drain", "node/" + n), new DrainExecutor(s.rest(), s.clock()),
                        s.clock());
                current.set(run);
                run.planned(e.getValue());
                DrainOutcome out = run.execute(e.getValue(), why + " (one of " + confirmed.size() + " nodes)",
                        () -> reader.read(n, s.session().fleet().gangs(), o, s.clock().instant()),
                        (DrainEvent ev) -> Platform.runLater(() -> l.setText(n + ": " + ev.line())));
                outcomes.add(out);
                Platform.runLater(() -> {
                    l.setText(out.summary());
                    l.getStyleClass().add(out.result() == DrainOutcome.Result.DRAINED ? Styles.MUTED : Styles.PROBLEM);
                });
                if (out.result() != DrainOutcome.Result.DRAINED) {
                    stopped.set(true); // one that did not drain stops the series: look before going on
                }
            }
            return outcomes;
        }, outcomes -> {
            Button close = button("Close", "many-close");
            close.setOnAction(e -> close());
            setButtons(close);
            journalChanged.run();
        });
    }
}
