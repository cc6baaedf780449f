package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.watch.WatchEvent;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A live, bounded list of Events: the watcher's handler only enqueues; one thread ("events-NAME")
 * folds the changes into an {@link EventWindow} and, for every open {@link EventsView}, keeps the
 * Events its filter passes in its order and publishes the splices of its rows. Work per fold is
 * bounded by what changed and by the views' row limits, never by how many Events the cluster has.
 */
public final class EventsModel implements AutoCloseable {

    private sealed interface Message {
    }

    private record Change(WatchEvent<EventRecord> event) implements Message {
    }

    private record Open(ViewState view) implements Message {
    }

    private record Refilter(ViewState view, EventFilter filter) implements Message {
    }

    private record CloseView(ViewState view) implements Message {
    }

    /** Lets Events age out of the window, and re-evaluates filters that say "last hour". */
    private record Tick() implements Message {
    }

    private record Query<R>(Function<EventWindow, R> question, CompletableFuture<R> answer) implements Message {
    }

    private record Stop() implements Message {
    }

    /** The shortest time between two folds (20 a second at most); a screen applies 10 a second. */
    static final long FOLD_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /** One view as the fold thread keeps it. */
    static final class ViewState {
        private EventFilter filter;
        private final int rowLimit;
        private final Consumer<EventsDelta> listener;
        private TreeSet<EventRecord> matching;
        private List<EventRecord> rows = List.of();
        private long version;

        ViewState(EventFilter filter, int rowLimit, Consumer<EventsDelta> listener) {
            if (rowLimit < 1) {
                throw new IllegalArgumentException("a view shows at least one row");
            }
            this.filter = filter;
            this.rowLimit = rowLimit;
            this.listener = listener;
        }
    }

    private final BlockingQueue<Message> inbox = new LinkedBlockingQueue<>();
    private final EventWindow window;
    private final Clock clock;
    private final List<ViewState> views = new ArrayList<>();
    private final CountDownLatch listed = new CountDownLatch(1);
    private final Thread thread;
    private volatile long folds;
    private volatile long folded;

    public EventsModel(String name, EventWindow.Limits limits, Clock clock) {
        this.window = new EventWindow(limits);
        this.clock = clock;
        this.thread = Thread.ofPlatform().name("events-" + name).daemon().start(this::run);
    }

    // ---- producers: any thread, never block ----

    /** The watcher's sink: enqueues and returns. */
    public Consumer<WatchEvent<EventRecord>> sink() {
        return e -> inbox.add(new Change(e));
    }

    /** Lets Events last seen longer ago than the window's age go (the owner calls it every few seconds). */
    public void tick() {
        inbox.add(new Tick());
    }

    /** A live list of the Events {@code filter} passes, at most {@code rowLimit} rows; its first delta is a reset. */
    public EventsView open(EventFilter filter, int rowLimit, Consumer<EventsDelta> listener) {
        return open(filter, rowLimit, listener, () -> null, () -> { });
    }

    EventsView open(EventFilter filter, int rowLimit, Consumer<EventsDelta> listener,
                    Supplier<dev.flightdeck.app.watch.WatchHealth> health, Runnable onClose) {
        ViewState state = new ViewState(filter, rowLimit, listener);
        inbox.add(new Open(state));
        return new EventsView(this, state, health, onClose);
    }

    void refilter(ViewState view, EventFilter filter) {
        inbox.add(new Refilter(view, filter));
    }

    void closeView(ViewState view) {
        inbox.add(new CloseView(view));
    }

    // ---- readers: any thread; answered by the fold thread, so consistent with the deltas ----

    /** The Events {@code filter} passes, in its order, at most {@code limit}. */
    public List<EventRecord> snapshot(EventFilter filter, int limit) throws InterruptedException {
        return ask(w -> {
            Instant now = clock.instant();
            return w.all().stream().filter(e -> filter.matches(e, now)).sorted(filter.order().comparator())
                    .limit(limit).toList();
        });
    }

    /** Reasons, kinds and namespaces of the Events held, counted (for the filter menus). */
    public EventFacets facets() throws InterruptedException {
        return ask(w -> EventFacets.of(w.all()));
    }

    /** How many Events the window holds, and how many it let go. */
    public long[] sizeAndDropped() throws InterruptedException {
        return ask(w -> new long[] {w.size(), w.dropped()});
    }

    /** Waits until the first LIST has been folded in. */
    public boolean awaitListed(long timeout, TimeUnit unit) throws InterruptedException {
        return listed.await(timeout, unit);
    }

    /** Waits until everything queued so far has been folded in. */
    public boolean awaitFolded(long timeout, TimeUnit unit) throws InterruptedException {
        try {
            ask(w -> Boolean.TRUE, unit.toNanos(timeout));
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /** Folds made, and changes folded, so far (for the figures of an Event storm). */
    public long[] foldStats() {
        return new long[] {folds, folded};
    }

    /** The fold thread, so a benchmark can read its CPU time. */
    public Thread foldThread() {
        return thread;
    }

    @Override
    public void close() {
        inbox.add(new Stop());
    }

    private <R> R ask(Function<EventWindow, R> question) throws InterruptedException {
        return ask(question, TimeUnit.SECONDS.toNanos(30));
    }

    private <R> R ask(Function<EventWindow, R> question, long timeoutNanos) throws InterruptedException {
        CompletableFuture<R> answer = new CompletableFuture<>();
        inbox.add(new Query<>(question, answer));
        try {
            return answer.get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the Events model could not answer: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the Events model did not answer in time (closed?)");
        }
    }

    // ---- the fold thread ----

    private void run() {
        dev.flightdeck.app.threads.FoldLoop.run(inbox, FOLD_INTERVAL_NANOS, this::fold);
    }

    /** One batch; false when asked to stop. */
    private boolean fold(List<Message> batch) {
        Instant now = clock.instant();
        EventFold changes = new EventFold(window, now);
        List<ViewState> reset = new ArrayList<>();
        List<Runnable> answers = new ArrayList<>();
        for (Message m : batch) {
            switch (m) {
                case Change c -> {
                    changes.apply(c.event());
                    folded++;
                }
                case Tick t -> {
                    changes.expire();
                    views.stream().filter(v -> v.filter.since() != null).forEach(reset::add);
                }
                case Open o -> {
                    views.add(o.view());
                    reset.add(o.view());
                }
                case Refilter r -> {
                    r.view().filter = r.filter();
                    reset.add(r.view());
                }
                case CloseView cv -> views.remove(cv.view());
                case Query<?> q -> answers.add(() -> answer(q));
                case Stop s -> {
                    views.clear();
                    return false;
                }
            }
        }
        folds++;
        if (changes.relisted()) {
            listed.countDown();
            reset.clear();
            reset.addAll(views);
        }
        for (ViewState v : views) {
            try {
                publish(v, reset.contains(v), changes, now);
            } catch (RuntimeException e) {
                // A listener's bug must not stop the other views nor the fold thread.
                System.getLogger(EventsModel.class.getName()).log(System.Logger.Level.WARNING,
                        "an Events view's listener failed: " + e, e);
            }
        }
        answers.forEach(Runnable::run);
        return true;
    }

    private <R> void answer(Query<R> q) {
        try {
            q.answer().complete(q.question().apply(window));
        } catch (RuntimeException e) {
            q.answer().completeExceptionally(e);
        }
    }

    private void publish(ViewState v, boolean reset, EventFold changes, Instant now) {
        if (reset || v.matching == null) {
            v.matching = new TreeSet<>(v.filter.order().comparator());
            for (EventRecord e : window.all()) {
                if (v.filter.matches(e, now)) {
                    v.matching.add(e);
                }
            }
        } else {
            if (changes.touched().isEmpty()) {
                return;
            }
            for (Map.Entry<String, EventRecord> t : changes.touched().entrySet()) {
                if (t.getValue() != null) {
                    v.matching.remove(t.getValue());
                }
                EventRecord after = window.get(t.getKey());
                if (after != null && v.filter.matches(after, now)) {
                    v.matching.add(after);
                }
            }
        }
        List<EventRecord> rows = new ArrayList<>(Math.min(v.rowLimit, v.matching.size()));
        for (EventRecord e : v.matching) {
            if (rows.size() == v.rowLimit) {
                break;
            }
            rows.add(e);
        }
        EventsDelta delta = reset || v.version == 0
                ? RowSplices.reset(rows, ++v.version, v.matching.size(), window.size(), window.dropped())
                : RowSplices.between(v.rows, rows, v.version + 1, v.matching.size(), window.size(), window.dropped());
        v.rows = rows;
        if (delta.reset() || !delta.isEmpty()) {
            v.version = delta.version();
            v.listener.accept(delta);
        }
    }
}
