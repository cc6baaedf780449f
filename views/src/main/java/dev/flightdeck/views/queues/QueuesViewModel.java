package dev.flightdeck.views.queues;

import dev.flightdeck.app.queues.QueuesSnapshot;
import dev.flightdeck.app.session.ClusterSession;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;

import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The Queues screen's state: the {@link QueuesTable} of the cluster on screen, worked out on a reader thread from the
 * model's queue snapshot every {@value #REFRESH_MILLIS} ms (the model builds that snapshot at most twice a second,
 * and "waiting 12m" moves by the second) and handed to the FX thread whole, only when it differs from the last. So the
 * FX thread's work per pulse is one property set, however many Workloads wait.
 */
public final class QueuesViewModel implements AutoCloseable {

    static final long REFRESH_MILLIS = 500;

    private final Executor fx;
    private final Clock clock;
    private final ReadOnlyObjectWrapper<QueuesTable> table =
            new ReadOnlyObjectWrapper<>(this, "table", QueuesTable.only(QueuesTable.NO_CLUSTER));
    private ScheduledExecutorService reader;
    /** The session on screen, as last set on the FX thread; read by the reader thread. */
    private volatile ClusterSession session;
    /** Reader thread only: the last table handed over. */
    private QueuesTable last;

    /** @param fx where the table is handed over (Platform::runLater; Runnable::run in tests) */
    public QueuesViewModel(Executor fx, Clock clock) {
        this.fx = fx;
        this.clock = clock;
    }

    /** Shows the queues of whichever session is on screen (FX thread). */
    public void follow(ObservableValue<ClusterSession> onScreen) {
        session = onScreen.getValue();
        onScreen.addListener((o, was, now) -> {
            session = now;
            refreshSoon();
        });
        if (reader == null) {
            reader = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().name("queues-table").daemon()
                    .unstarted(r));
            reader.scheduleWithFixedDelay(this::refresh, 0, REFRESH_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private void refreshSoon() {
        if (reader != null) {
            try {
                reader.execute(this::refresh);
            } catch (RejectedExecutionException closed) {
                // the console is closing
            }
        }
    }

    private void refresh() {
        try {
            ClusterSession s = session;
            if (s == null) {
                show(QueuesTable.only(QueuesTable.NO_CLUSTER));
            } else {
                show(s.fleet().queues(), s.kueueServed());
            }
        } catch (RuntimeException e) {
            // One bad moment of one cluster must not stop the refreshes.
            System.getLogger(QueuesViewModel.class.getName()).log(System.Logger.Level.WARNING,
                    "making the queues table: " + e);
        }
    }

    /** Works the table out here (any thread) and hands it to the FX thread when it changed. */
    public void show(QueuesSnapshot queues, boolean kueueServed) {
        show(QueuesTable.of(queues, kueueServed, clock.instant()));
    }

    private synchronized void show(QueuesTable t) {
        if (t.equals(last)) {
            return;
        }
        last = t;
        fx.execute(() -> table.set(t));
    }

    /** What the screen shows now (FX thread). */
    public ReadOnlyObjectProperty<QueuesTable> tableProperty() {
        return table.getReadOnlyProperty();
    }

    public QueuesTable table() {
        return table.get();
    }

    @Override
    public void close() {
        if (reader != null) {
            reader.shutdownNow();
        }
    }
}
