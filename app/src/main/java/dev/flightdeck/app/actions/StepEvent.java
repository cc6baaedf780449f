package dev.flightdeck.app.actions;

/** What an action with steps reports while it runs: one line each, the last of them its outcome. */
public interface StepEvent {

    /** The event in one line, as the progress view and the journal show it. */
    String line();

    /** Whether this is the run's last event (its line is the outcome, journaled once by the run). */
    default boolean isLast() {
        return false;
    }
}
