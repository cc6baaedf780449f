package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.watch.ApiEndpoint;
import dev.flightdeck.app.watch.ResourceWatcher;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;

import java.time.Clock;
import java.util.function.Supplier;

/**
 * One watched selection of Events: a {@link ResourceWatcher} (LIST once, then WATCH; 410 relists)
 * projecting into an {@link EventsModel}. Which API to read through is asked of discovery on its own
 * thread when it starts, so opening a view never waits on the network.
 */
final class EventStream implements AutoCloseable {

    private final EventScope scope;
    private final EventsModel model;
    private final ApiEndpoint api;
    private final Supplier<ApiResource> events;
    private final EventFeed.Options options;
    private volatile ResourceWatcher<EventRecord> watcher;
    private volatile boolean closed;
    private volatile ApiResource chosen;

    EventStream(ApiEndpoint api, Supplier<ApiResource> events, EventScope scope, EventFeed.Options options, Clock clock) {
        this.api = api;
        this.events = events;
        this.scope = scope;
        this.options = options;
        this.model = new EventsModel(scope.describe().replace(' ', '-'), options.limits(), clock);
    }

    void start() {
        Thread.ofVirtual().name("events-start").start(() -> {
            ApiResource resource = events.get();
            synchronized (this) {
                if (closed) {
                    return;
                }
                chosen = resource;
                watcher = new ResourceWatcher<>(api, scope.path(resource).toString(), scope.describe(),
                        new EventProjector(), model.sink(), options.pageSize(), options.idleLimit());
                watcher.start();
            }
        });
    }

    EventScope scope() {
        return scope;
    }

    EventsModel model() {
        return model;
    }

    /** The API it reads through, once chosen; null before. */
    ApiResource api() {
        return chosen;
    }

    WatchHealth health() {
        ResourceWatcher<EventRecord> w = watcher;
        return w != null ? w.health() : closed ? new WatchHealth(scope.describe(), WatchPhase.STOPPED, 0, null, null)
                : WatchHealth.syncing(scope.describe());
    }

    /** LISTs made: one to start, one more per 410 Gone. */
    int lists() {
        ResourceWatcher<EventRecord> w = watcher;
        return w == null ? 0 : w.lists();
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (watcher != null) {
            watcher.close();
        }
        model.close();
    }
}
