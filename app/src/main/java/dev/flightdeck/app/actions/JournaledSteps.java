package dev.flightdeck.app.actions;

import java.io.IOException;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The step events of one running action, shown and journaled: every event goes to the screen (or
 * stderr), every step but the last is journaled as a "step", and a journal that cannot be written
 * stops the run — an unrecorded action is worse than a stopped one — and is said in the outcome.
 *
 * @param <E> the action's event type
 */
public final class JournaledSteps<E> implements Consumer<E> {

    private final ActionJournal journal;
    private final Consumer<E> ui;
    private final Predicate<E> finished;
    private final Function<E, String> line;
    private final Runnable stop;
    private volatile String problem;

    /**
     * @param finished which event is the last (its line is the outcome, written by the caller with its duration)
     * @param stop     what stops the run when the journal fails
     */
    public JournaledSteps(ActionJournal journal, Consumer<E> ui, Predicate<E> finished, Function<E, String> line, Runnable stop) {
        this.journal = journal;
        this.ui = ui;
        this.finished = finished;
        this.line = line;
        this.stop = stop;
    }

    @Override
    public void accept(E event) {
        ui.accept(event);
        if (finished.test(event) || problem != null) {
            return;
        }
        try {
            journal.write("step", line.apply(event), Map.of());
        } catch (IOException e) {
            problem = e.getMessage();
            stop.run();
        }
    }

    /** The outcome's summary, with why the run was stopped when the journal failed. */
    public String summary(String outcome) {
        return problem == null ? outcome : outcome + " (cancelled because the journal could not be written: " + problem + ")";
    }
}
