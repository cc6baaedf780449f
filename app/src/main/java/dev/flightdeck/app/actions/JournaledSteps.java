package dev.flightdeck.app.actions;

import java.io.IOException;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The step events of one running action, shown and journaled: every event goes to the screen (or
 * stderr), every step the operation names is journaled as a "step", and a journal that cannot be
 * written stops the run — an unrecorded action is worse than a stopped one — and is said in the outcome.
 *
 * @param <E> the action's event type
 */
final class JournaledSteps<E> implements Consumer<E> {

    private final ActionJournal journal;
    private final Consumer<E> ui;
    private final Operation<?, E, ?> op;
    private volatile String problem;
    private volatile boolean stopped;

    JournaledSteps(ActionJournal journal, Consumer<E> ui, Operation<?, E, ?> op) {
        this.journal = journal;
        this.ui = ui;
        this.op = op;
    }

    @Override
    public void accept(E event) {
        ui.accept(event);
        if (op.isLast(event) || problem != null) {
            return;
        }
        String line = op.stepLine(event);
        if (line == null) {
            return;
        }
        try {
            journal.write("step", line, Map.of());
        } catch (IOException e) {
            problem = e.getMessage();
            stopped = op.cancel();
        }
    }

    /** The outcome's summary, with what a journal that failed mid-run did to the run. */
    String summary(String outcome) {
        if (problem == null) {
            return outcome;
        }
        return outcome + (stopped ? " (stopped because the journal could not be written: " + problem + ")"
                : " (the journal could not be written: " + problem + "; the run could not be stopped there and went on)");
    }
}
