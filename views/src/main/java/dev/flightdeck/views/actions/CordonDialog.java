package dev.flightdeck.views.actions;

import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.drain.CordonOperation;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.stage.Window;


/**
 * Cordon with a reason (written to {@code flightdeck.dev/cordon-*} so teammates see why), or
 * uncordon. Journaled, and recorded as a FlightdeckCordon / FlightdeckUncordon Event on the node.
 */
final class CordonDialog extends ActionWindow {

    CordonDialog(Window owner, ActionSession s, String node, boolean cordoned, Runnable journalChanged) {
        super(owner, s, (cordoned ? "Uncordon " : "Cordon ") + node, "cordon-dialog");
        TextField reason = new TextField();
        reason.setId("cordon-reason");
        reason.setPromptText("why (shown to teammates on the node), e.g. Xid 79 on GPU 5, RMA ticket 4411");
        if (cordoned) {
            body.getChildren().addAll(line(node + " is cordoned. Uncordoning lets the scheduler place pods on it again "
                    + "and clears Flightdeck's cordon annotations.", "cordon-summary"));
        } else {
            body.getChildren().add(line("Cordoning marks " + node + " unschedulable; running pods stay.", "cordon-summary"));
            confirm.getChildren().addAll(section("Reason"), reason);
        }
        Button go = button(cordoned ? "Uncordon" : "Cordon", "cordon-go");
        Button close = button("Close", "cordon-close");
        close.setOnAction(e -> close());
        go.disableProperty().bind(reason.textProperty().isEmpty().and(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> !cordoned)));
        go.setOnAction(e -> {
            go.disableProperty().unbind();
            go.setDisable(true);
            String why = reason.getText().strip();
            var run = CordonOperation.run(s, node, cordoned);
            execute((cordoned ? "uncordon " : "cordon ") + node, () -> {
                CordonOperation.Plan plan = run.read();
                run.planned(plan);
                return run.execute(plan, why, ignored -> { });
            }, outcome -> {
                body.getChildren().setAll(line(outcome.summary(), "cordon-outcome"));
                confirm.getChildren().clear();
                setButtons(close);
                journalChanged.run();
            });
        });
        setButtons(close, go);
    }
}
