package dev.flightdeck.app.actions;

/**
 * An operation that is one request to the API server (cordon's patch, restore's create): it has no
 * steps to report, and nothing to stop once the request is sent.
 */
public interface OneRequestOperation<P, O> extends Operation<P, String, O> {

    @Override
    default boolean cancel() {
        return false;
    }

    @Override
    default String line(String event) {
        return event;
    }

    @Override
    default boolean isLast(String event) {
        return false;
    }
}
