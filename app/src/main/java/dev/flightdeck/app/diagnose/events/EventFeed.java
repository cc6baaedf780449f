package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.watch.ApiEndpoint;
import dev.flightdeck.app.watch.WatchHealth;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A cluster's Events, watched deliberately. Nothing is watched while nothing shows Events: the first
 * view of a scope starts its watch, and the watch stops {@link Options#linger()} after the last view of
 * it closed (so going back and forth between screens does not LIST again). Views of one scope share
 * one watch and one window. Measured on an Event storm (see docs and EventStormBenchmark): a watch of
 * a whole cluster costs what the cluster writes, so it runs only while the Events screen is shown; a
 * node's, a pod's or a gang's Events cost a LIST and a WATCH of a few.
 */
public final class EventFeed implements AutoCloseable {

    /**
     * @param limits    the window each watched scope keeps
     * @param pageSize  LIST page size
     * @param idleLimit how long a watch may stay silent before it is reopened
     * @param linger    how long a scope stays watched after its last view closed
     */
    public record Options(EventWindow.Limits limits, int pageSize, Duration idleLimit, Duration linger) {
        public static final Options DEFAULTS = new Options(EventWindow.Limits.DEFAULT, 500,
                dev.flightdeck.app.watch.ResourceWatcher.IDLE_LIMIT, Duration.ofSeconds(60));

        public Options withLinger(Duration d) {
            return new Options(limits, pageSize, idleLimit, d);
        }

        public Options withLimits(EventWindow.Limits l) {
            return new Options(l, pageSize, idleLimit, linger);
        }
    }

    /** One watched scope as a status line or a benchmark sees it. */
    public record Watched(EventScope scope, ApiResource api, int views, int lists, WatchHealth health) {
    }

    /** How often held Events are aged out of their windows. */
    private static final long TICK_SECONDS = 10;

    private final ApiEndpoint api;
    private final Options options;
    private final Clock clock;
    private final ScheduledExecutorService timer;
    private final Map<EventScope, Entry> streams = new HashMap<>();
    private volatile ApiResource events;
    private boolean closed;

    private static final class Entry {
        final EventStream stream;
        int views;
        ScheduledFuture<?> stopping;

        Entry(EventStream stream) {
            this.stream = stream;
        }
    }

    public EventFeed(ApiEndpoint api, Options options, Clock clock) {
        this.api = api;
        this.options = options;
        this.clock = clock;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().name("events-feed")
                .daemon().unstarted(r));
        timer.scheduleAtFixedRate(this::tick, TICK_SECONDS, TICK_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * A live list of {@code scope}'s Events that {@code filter} passes (at most {@code rowLimit} rows),
     * delivered to {@code listener} as {@link EventsDelta}s on the model's thread. Never blocks: the
     * watch starts in the background. Close the view when the screen goes.
     */
    public synchronized EventsView open(EventScope scope, EventFilter filter, int rowLimit,
                                        Consumer<EventsDelta> listener) {
        if (closed) {
            throw new IllegalStateException("the cluster's session is closed");
        }
        Entry e = streams.get(scope);
        if (e == null) {
            e = new Entry(new EventStream(api, this::events, scope, options, clock));
            streams.put(scope, e);
            e.stream.start();
        }
        if (e.stopping != null) {
            e.stopping.cancel(false);
            e.stopping = null;
        }
        e.views++;
        Entry entry = e;
        return e.stream.model().open(filter, rowLimit, listener, e.stream::health, () -> released(scope, entry));
    }

    /** A node's or a pod's detail: its Events, selected by the server (a LIST and a WATCH of a few). */
    public EventsView forObject(dev.flightdeck.app.kube.ObjectReference object, int rowLimit, Consumer<EventsDelta> listener) {
        return open(EventScope.of(object), EventFilter.ALL, rowLimit, listener);
    }

    /**
     * A gang's detail: its namespace's Events, kept for its workload object and its ranks' pods. When its
     * ranks are recreated, hand the view {@code EventFilter.about(GangObjects.of(gang))} of the gang as it is now.
     */
    public EventsView forGang(dev.flightdeck.app.gangs.Gang gang, int rowLimit, Consumer<EventsDelta> listener) {
        return open(EventScope.namespace(gang.key().namespace()), EventFilter.about(GangObjects.of(gang)), rowLimit, listener);
    }

    /** The API the cluster's Events are read through (asks discovery once; blocking, not for a UI thread). */
    public ApiResource events() {
        ApiResource e = events;
        if (e == null) {
            e = EventApi.choose(api);
            events = e;
        }
        return e;
    }

    /** One-off reads (a headless command, a report): a LIST, no watch. Blocking. */
    public EventReads reads() {
        return new EventReads(new KubeRest(api), events(), options.pageSize());
    }

    /** The scopes watched now (a scope lingering after its last view is listed with 0 views). */
    public synchronized List<Watched> watched() {
        List<Watched> out = new ArrayList<>();
        streams.forEach((scope, e) -> out.add(new Watched(scope, e.stream.api(), e.views, e.stream.lists(),
                e.stream.health())));
        return out;
    }

    private synchronized void released(EventScope scope, Entry e) {
        e.views--;
        if (e.views > 0 || closed || streams.get(scope) != e) {
            return;
        }
        e.stopping = timer.schedule(() -> stopIfUnused(scope, e), options.linger().toMillis(), TimeUnit.MILLISECONDS);
    }

    private synchronized void stopIfUnused(EventScope scope, Entry e) {
        if (e.views == 0 && streams.get(scope) == e) {
            streams.remove(scope);
            e.stream.close();
        }
    }

    private synchronized void tick() {
        streams.values().forEach(e -> e.stream.model().tick());
    }

    @Override
    public synchronized void close() {
        closed = true;
        timer.shutdownNow();
        streams.values().forEach(e -> e.stream.close());
        streams.clear();
    }
}
