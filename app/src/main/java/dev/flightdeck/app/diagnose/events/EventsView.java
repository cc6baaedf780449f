package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.watch.WatchHealth;

import java.util.function.Supplier;

/**
 * One screen's live list of Events: a filter, a row limit, and a listener that gets an
 * {@link EventsDelta} whenever its rows change (first a reset with every row). The listener runs on
 * the model's fold thread and must only hand the delta on (to the screen's own batcher). Closing it
 * stops the deltas, and lets the console stop watching when nothing else shows Events.
 */
public final class EventsView implements AutoCloseable {

    private final EventsModel model;
    private final EventsModel.ViewState state;
    private final Supplier<WatchHealth> health;
    private final Runnable onClose;
    private volatile boolean closed;

    EventsView(EventsModel model, EventsModel.ViewState state, Supplier<WatchHealth> health, Runnable onClose) {
        this.model = model;
        this.state = state;
        this.health = health;
        this.onClose = onClose;
    }

    /** Shows another selection: the next delta is a reset carrying the new rows. */
    public void filter(EventFilter filter) {
        model.refilter(state, filter);
    }

    /** The watch behind the list: live, reconnecting, refused — for the screen's status line (null for a model no watch feeds). */
    public WatchHealth health() {
        return health.get();
    }

    /** The model behind the list (facets for the filter menus, snapshots). */
    public EventsModel model() {
        return model;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        model.closeView(state);
        onClose.run();
    }
}
