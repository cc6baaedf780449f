package dev.flightdeck.views.gangs;

import dev.flightdeck.app.session.GangKindsWatched;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Which gang objects the cluster serves, and the person's way to ask again after installing a
 * CRD (discovery also re-runs by itself every 10 minutes). The refresh asks the API server, so
 * it runs off the FX thread; a result for a cluster no longer shown is dropped.
 */
public final class GangKindsStatus implements AutoCloseable {

    private final ExecutorService worker = Executors.newSingleThreadExecutor(
            r -> Thread.ofPlatform().name("gang-discovery").daemon().unstarted(r));
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final ReadOnlyStringWrapper detail = new ReadOnlyStringWrapper(this, "detail", "");
    private final ReadOnlyBooleanWrapper refreshing = new ReadOnlyBooleanWrapper(this, "refreshing");
    private Supplier<GangKindsWatched> discovery;
    private final dev.flightdeck.views.background.LatestOnly asks =
            new dev.flightdeck.views.background.LatestOnly(worker, Platform::runLater);

    /** FX thread: shows what the session found when it opened, and refreshes through {@code discovery}. */
    public void attach(GangKindsWatched current, Supplier<GangKindsWatched> discovery) {
        asks.supersede();
        refreshing.set(false);
        this.discovery = discovery;
        show(current);
    }

    /** FX thread: no cluster. */
    public void clear() {
        asks.supersede();
        discovery = null;
        refreshing.set(false);
        text.set("");
        detail.set("");
    }

    /** FX thread: asks discovery again; the text says "asking…" until it answers. */
    public void refresh() {
        if (discovery == null || refreshing.get()) {
            return;
        }
        Supplier<GangKindsWatched> ask = discovery;
        refreshing.set(true);
        text.set("asking the API server which gang objects it serves…");
        asks.run(ask::get, found -> {
            refreshing.set(false);
            show(found);
        }, failed -> {
            refreshing.set(false);
            text.set("gang discovery failed: " + dev.flightdeck.views.background.LatestOnly.reason(failed));
        });
    }

    private void show(GangKindsWatched w) {
        text.set(w == null ? "" : w.describe());
        detail.set(w == null ? "" : w.detail());
    }

    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty detailProperty() {
        return detail.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty refreshingProperty() {
        return refreshing.getReadOnlyProperty();
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
