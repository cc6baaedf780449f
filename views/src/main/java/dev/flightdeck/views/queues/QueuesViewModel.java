package dev.flightdeck.views.queues;

import dev.flightdeck.app.queues.QueuesSnapshot;
import dev.flightdeck.app.session.ClusterSession;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;

import java.time.Clock;
import java.util.concurrent.Executor;

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
    private final dev.flightdeck.views.background.OnScreenReader reader = new dev.flightdeck.views.background.OnScreenReader(
            "queues-table", java.time.Duration.ofMillis(REFRESH_MILLIS), this::read);
    /** Reader thread only: the last table handed over. */
    private QueuesTable last;

    /** @param fx where the table is handed over (Platform::runLater; Runnable::run in tests) */
    public QueuesViewModel(Executor fx, Clock clock) {
        this.fx = fx;
        this.clock = clock;
    }

    /** Shows the queues of whichever session is on screen (FX thread). */
    public void follow(ObservableValue<ClusterSession> onScreen) {
        reader.follow(onScreen);
    }

    private void read(ClusterSession s) {
        if (s == null) {
            show(QueuesTable.only(QueuesTable.NO_CLUSTER));
        } else {
            show(s.model().queues(), s.kueueServed());
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
        reader.close();
    }
}
