package dev.flightdeck.app.actions;

/**
 * An operation that reports steps as it goes (drain, preflight, resume): each event says its own line
 * and whether it is the last, so the run journals and shows them the same way for each.
 */
public interface SteppedOperation<P, E extends StepEvent, O> extends Operation<P, E, O> {

    @Override
    default String line(E event) {
        return event.line();
    }

    @Override
    default boolean isLast(E event) {
        return event.isLast();
    }
}
