package dev.flightdeck.views.pressure;

import dev.flightdeck.app.pressure.HealthReport;
import dev.flightdeck.app.pressure.HistorySnapshot;
import dev.flightdeck.app.pressure.Level;
import dev.flightdeck.app.pressure.PressureReading;
import dev.flightdeck.app.pressure.PressureScraper;
import dev.flightdeck.app.connect.SimulatedEpisodes;
import dev.flightdeck.views.background.LatestOnly;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * The pressure screen's state on the FX thread: the latest reading and its headline, readiness,
 * and the history window the charts draw. The scraper calls back on its own thread after each
 * scrape; that becomes one update on the FX thread. A reading for a cluster no longer shown is dropped.
 */
public final class PressureViewModel {

    private final Executor fx;
    private final ReadOnlyObjectWrapper<PressureReading> latest = new ReadOnlyObjectWrapper<>(this, "latest");
    private final ReadOnlyObjectWrapper<HistorySnapshot> history = new ReadOnlyObjectWrapper<>(this, "history");
    private final ReadOnlyObjectWrapper<HealthReport> readyz = new ReadOnlyObjectWrapper<>(this, "readyz");
    private final ReadOnlyObjectWrapper<HealthReport> livez = new ReadOnlyObjectWrapper<>(this, "livez");
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper(this, "headline", "API server: no reading yet");
    private final ReadOnlyObjectWrapper<Level> level = new ReadOnlyObjectWrapper<>(this, "level");
    private final ReadOnlyStringWrapper healthProblem = new ReadOnlyStringWrapper(this, "healthProblem");
    /** The shown cluster's simulated episodes (the sandbox's), or null on a real cluster. */
    private final ReadOnlyObjectWrapper<SimulatedEpisodes> simulated = new ReadOnlyObjectWrapper<>(this, "simulated");
    private final javafx.collections.ObservableList<SimulatedEpisodes.Episode> episodes =
            javafx.collections.FXCollections.observableArrayList();
    /**
     * Kept, not made per call: the read-only view hears its list through a weak listener, so a view made
     * afresh and held by nobody but its own listeners is collected and its listeners stop hearing changes.
     */
    private final javafx.collections.ObservableList<SimulatedEpisodes.Episode> episodesShown =
            javafx.collections.FXCollections.unmodifiableObservableList(episodes);
    private final ReadOnlyStringWrapper episodeProblem = new ReadOnlyStringWrapper(this, "episodeProblem");
    private final LatestOnly episodeCalls;
    private final ObjectProperty<Duration> window = new SimpleObjectProperty<>(this, "window", Duration.ofMinutes(15));
    private PressureScraper scraper;
    private Consumer<PressureReading> listener;

    public PressureViewModel(Executor fx) {
        this.fx = fx;
        // Each switch is a request to the sandbox: never on the FX thread.
        this.episodeCalls = new LatestOnly(r -> Thread.ofVirtual().name("sandbox-episodes").start(r), fx);
        window.addListener((o, old, w) -> {
            if (scraper != null && w != null) {
                resize(scraper, w);
            }
        });
    }

    /** FX thread: follows this session's scraper (and shows what it already has). */
    public void attach(PressureScraper s) {
        attach(s, null);
    }

    /** As {@link #attach(PressureScraper)}, on the sandbox with its simulated episodes to offer. */
    public void attach(PressureScraper s, SimulatedEpisodes offered) {
        detach();
        scraper = s;
        simulated.set(offered);
        refreshEpisodes();
        resize(s, window.get());
        PressureScraper mine = s;
        listener = reading -> fx.execute(() -> {
            if (scraper == mine) {
                show(mine);
            }
        });
        s.subscribe(listener);
        show(s);
    }

    /**
     * Changes how much history {@code s} keeps. Off the FX thread: the history's lock is the one the
     * scraper records under, and the FX thread never waits for another thread's lock.
     */
    private void resize(PressureScraper s, Duration w) {
        Thread.ofVirtual().name("pressure-window").start(() -> {
            s.tracker().history().setWindow(w);
            fx.execute(() -> {
                if (scraper == s) {
                    history.set(s.tracker().history().snapshot());
                }
            });
        });
    }

    /** FX thread: no cluster shown. */
    public void detach() {
        if (scraper != null) {
            scraper.unsubscribe(listener);
        }
        scraper = null;
        simulated.set(null);
        episodeCalls.supersede();
        episodes.clear();
        episodeProblem.set(null);
        latest.set(null);
        history.set(null);
        readyz.set(null);
        livez.set(null);
        healthProblem.set(null);
        level.set(null);
        headline.set("API server: no reading yet");
    }

    private void show(PressureScraper s) {
        PressureReading r = s.tracker().latest();
        history.set(s.tracker().history().snapshot());
        readyz.set(s.readyz());
        livez.set(s.livez());
        healthProblem.set(s.healthProblem());
        latest.set(r);
        if (r == null) {
            headline.set("API server: waiting for the first /metrics scrape");
            level.set(null);
        } else {
            headline.set(r.assessment().headline());
            level.set(r.assessment().level());
        }
    }

    public ReadOnlyObjectProperty<PressureReading> latestProperty() {
        return latest.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<HistorySnapshot> historyProperty() {
        return history.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<HealthReport> readyzProperty() {
        return readyz.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<HealthReport> livezProperty() {
        return livez.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty headlineProperty() {
        return headline.getReadOnlyProperty();
    }

    /** The overall level, or null before the first reading. */
    public ReadOnlyObjectProperty<Level> levelProperty() {
        return level.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty healthProblemProperty() {
        return healthProblem.getReadOnlyProperty();
    }

    /** The sandbox's simulated episodes when the cluster shown is the sandbox, else null. */
    public ReadOnlyObjectProperty<SimulatedEpisodes> simulatedProperty() {
        return simulated.getReadOnlyProperty();
    }

    /** The sandbox's episodes and which are on, as last read (empty on a real cluster). */
    public javafx.collections.ObservableList<SimulatedEpisodes.Episode> episodes() {
        return episodesShown;
    }

    /** Why the episodes could not be read or switched, or null. */
    public ReadOnlyStringProperty episodeProblemProperty() {
        return episodeProblem.getReadOnlyProperty();
    }

    /** FX thread: reads which episodes are on again. */
    public void refreshEpisodes() {
        SimulatedEpisodes source = simulated.get();
        if (source != null) {
            episodeCalls.run(source::list, this::showEpisodes, this::episodeFailed);
        }
    }

    /** FX thread: switches an episode on or off, then shows what is on. */
    public void switchEpisode(String name, boolean on) {
        SimulatedEpisodes source = simulated.get();
        if (source != null) {
            episodeCalls.run(() -> {
                source.set(name, on);
                return source.list();
            }, this::showEpisodes, this::episodeFailed);
        }
    }

    private void showEpisodes(java.util.List<SimulatedEpisodes.Episode> now) {
        episodes.setAll(now);
        episodeProblem.set(null);
    }

    private void episodeFailed(Exception e) {
        episodeProblem.set("the sandbox's episodes: " + LatestOnly.reason(e));
    }

    /** How much history the charts show (1 min to 1 h). */
    public ObjectProperty<Duration> windowProperty() {
        return window;
    }
}
