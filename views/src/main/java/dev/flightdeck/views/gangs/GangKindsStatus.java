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
    private long generation;

    /** FX thread: shows what the session found when it opened, and refreshes through {@code discovery}. */
    public void attach(GangKindsWatched current, Supplier<GangKindsWatched> discovery) {
        generation++;
        this.discovery = discovery;
        show(current);
    }

    /** FX thread: no cluster. */
    public void clear() {
        generation++;
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
        long gen = generation;
        Supplier<GangKindsWatched> ask = discovery;
        refreshing.set(true);
        text.set("asking the API server which gang objects it serves…");
        worker.execute(() -> {
            GangKindsWatched found;
            try {
                found = ask.get();
            } catch (RuntimeException e) {
                found = null;
            }
            GangKindsWatched result = found;
            Platform.runLater(() -> {
                if (gen == generation) {
                    refreshing.set(false);
                    if (result == null) {
                        text.set("gang discovery failed: the session was closed");
                    } else {
                        show(result);
                    }
                }
            });
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
