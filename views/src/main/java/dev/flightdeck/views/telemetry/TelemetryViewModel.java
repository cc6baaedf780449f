package dev.flightdeck.views.telemetry;

import dev.flightdeck.app.telemetry.TelemetryPoller;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.Executor;

/**
 * The shown cluster's GPU telemetry on the FX thread: one {@link TelemetrySnapshot} per refresh of its poller (every
 * 30 s), and the status line. The poller calls back on its telemetry thread; the frame is indexed there and the
 * snapshot handed to the FX thread, where a snapshot of a cluster no longer shown is dropped.
 */
public final class TelemetryViewModel {

    private final Executor background;
    private final Executor fx;
    private final ReadOnlyObjectWrapper<TelemetrySnapshot> snapshot =
            new ReadOnlyObjectWrapper<>(this, "snapshot", TelemetrySnapshot.NONE);
    private final ReadOnlyStringWrapper statusLine = new ReadOnlyStringWrapper(this, "statusLine", "");
    private final ReadOnlyStringWrapper statusDetail = new ReadOnlyStringWrapper(this, "statusDetail", "");
    private final ReadOnlyBooleanWrapper missing = new ReadOnlyBooleanWrapper(this, "missing", true);
    /**
     * The pollers already listened to (FX thread): a poller has no way to remove a listener, and a cluster kept open
     * is shown again and again, so each poller gets one listener for good, which asks whether its poller is shown.
     */
    private final Set<TelemetryPoller> heard = Collections.newSetFromMap(new WeakHashMap<>());
    private volatile TelemetryPoller shown;

    /**
     * @param background where the snapshot at attach is read and indexed (never the FX thread)
     * @param fx         the FX thread ({@code Platform::runLater}; tests pass {@code Runnable::run})
     */
    public TelemetryViewModel(Executor background, Executor fx) {
        this.background = background;
        this.fx = fx;
    }

    /** For the application: indexing at attach on a virtual thread, results on the FX thread. */
    public static TelemetryViewModel onFxThread() {
        return new TelemetryViewModel(r -> Thread.ofVirtual().name("telemetry-index").start(r),
                javafx.application.Platform::runLater);
    }

    /** FX thread: follows this session's poller, showing what it already has. */
    public void attach(TelemetryPoller poller) {
        shown = poller;
        show(TelemetrySnapshot.of(null, null, poller.history())); // "waiting" until the read below lands
        if (heard.add(poller)) {
            poller.onRefresh(() -> refreshed(poller));
        }
        background.execute(() -> refreshed(poller));
    }

    /** FX thread: no cluster shown. */
    public void detach() {
        shown = null;
        show(TelemetrySnapshot.NONE);
    }

    /** Off the FX thread (the telemetry thread after a refresh): reads and indexes the poller's latest. */
    private void refreshed(TelemetryPoller poller) {
        if (shown != poller) {
            return; // a cluster kept open but not shown: nobody looks at its telemetry
        }
        TelemetrySnapshot s = TelemetrySnapshot.of(poller.latest(), poller.latestFrame(), poller.history());
        fx.execute(() -> {
            if (shown == poller && s.newerOrSameAs(snapshot.get())) {
                show(s);
            }
        });
    }

    private void show(TelemetrySnapshot s) {
        snapshot.set(s);
        statusLine.set(TelemetryStatusLine.of(s));
        statusDetail.set(TelemetryStatusLine.detail(s));
        missing.set(TelemetryStatusLine.missing(s));
    }

    /** The latest snapshot: {@link TelemetrySnapshot#NONE} when no cluster is shown. */
    public ReadOnlyObjectProperty<TelemetrySnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    /** "GPU telemetry: <source> · N GPUs · 2 stalled gangs", or why there is none; "" with no cluster. */
    public ReadOnlyStringProperty statusLineProperty() {
        return statusLine.getReadOnlyProperty();
    }

    /** The status line and what went wrong during the last read, one per line (its tooltip). */
    public ReadOnlyStringProperty statusDetailProperty() {
        return statusDetail.getReadOnlyProperty();
    }

    /** True while there is no telemetry to show (waiting, or none and why). */
    public ReadOnlyBooleanProperty missingProperty() {
        return missing.getReadOnlyProperty();
    }
}
