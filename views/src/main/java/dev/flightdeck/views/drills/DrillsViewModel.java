package dev.flightdeck.views.drills;

import dev.flightdeck.drills.DrillReport;
import dev.flightdeck.drills.DrillResult;
import dev.flightdeck.drills.DrillRun;
import dev.flightdeck.drills.DrillStartException;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.drills.ScenarioCatalog;
import dev.flightdeck.drills.report.DrillResults;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * The Drills screen's state, without controls: the scenarios to pick from, the selected one's brief
 * and past results, the drill running now (its clock) and, once it ends, its report. Starting,
 * ending and keeping a drill happen on the background executor; their outcome comes back on the FX
 * executor. The console's other screens tell it what the operator opens ({@link #opened}), which the
 * running drill counts as detecting.
 */
public final class DrillsViewModel {

    /** Where the screen is: picking a scenario, starting it, running it, or showing its report. */
    public enum Phase { CHOOSING, STARTING, RUNNING, REPORT }

    private final Path userScenarios;
    private final DrillResults results;
    private final java.util.function.Function<Start, DrillRun> starter;
    private final ReadOnlyStringWrapper stagingContext = new ReadOnlyStringWrapper(this, "stagingContext");
    private final javafx.beans.property.BooleanProperty onStaging = new javafx.beans.property.SimpleBooleanProperty(
            this, "onStaging");
    private final javafx.beans.property.DoubleProperty pace = new javafx.beans.property.SimpleDoubleProperty(this, "pace", 1);
    private final Executor background;
    private final Executor fx;
    private final ObservableList<ScenarioCatalog.Entry> scenarios = FXCollections.observableArrayList();
    private final ObjectProperty<ScenarioCatalog.Entry> selected = new SimpleObjectProperty<>(this, "selected");
    private final ObservableList<DrillResult> trend = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Phase> phase = new ReadOnlyObjectWrapper<>(this, "phase", Phase.CHOOSING);
    private final ReadOnlyObjectWrapper<DrillReport> report = new ReadOnlyObjectWrapper<>(this, "report");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem");
    private final ReadOnlyStringWrapper clock = new ReadOnlyStringWrapper(this, "clock");
    private final ReadOnlyStringWrapper kept = new ReadOnlyStringWrapper(this, "kept");
    private DrillHost host;
    private volatile DrillRun run;
    private boolean closed;

    /**
     * @param starter starts a drill (its cluster and observer); throws {@link DrillStartFailure} in words
     */
    public DrillsViewModel(Path userScenarios, DrillResults results, java.util.function.Function<Start, DrillRun> starter,
                           Executor background, Executor fx) {
        this.userScenarios = userScenarios;
        this.results = results;
        this.starter = starter;
        this.background = background;
        this.fx = fx;
        selected.addListener((o, old, now) -> readTrend(now));
    }

    /**
     * What to start: the scenario, at which pace, and where — its own sandbox, or virtual nodes of the
     * staging context shown (only offered when that context's settings allow drills).
     */
    public record Start(Scenario scenario, double pace, String stagingContext) { }

    /** A drill that could not start, in words (the starter's {@link DrillStartException}, unchecked). */
    public static final class DrillStartFailure extends RuntimeException {
        public DrillStartFailure(DrillStartException cause) {
            super(cause.getMessage(), cause);
        }
    }

    public void setHost(DrillHost host) {
        this.host = host;
    }

    /** Reads the bundled scenarios and the user's, off the FX thread. */
    public void load() {
        inBackground(() -> {
            List<ScenarioCatalog.Entry> all = ScenarioCatalog.all(userScenarios);
            fx.execute(() -> {
                scenarios.setAll(all);
                if (selected.get() == null && !all.isEmpty()) {
                    selected.set(all.getFirst());
                }
            });
        });
    }

    private void readTrend(ScenarioCatalog.Entry e) {
        trend.clear();
        if (e == null || !e.ok()) {
            return;
        }
        String id = e.scenario().id();
        inBackground(() -> {
            List<DrillResult> past;
            try {
                past = results.read(id).results();
            } catch (IOException ex) {
                past = List.of();
            }
            List<DrillResult> found = past;
            fx.execute(() -> {
                if (selected.get() == e) {
                    trend.setAll(found.reversed());
                }
            });
        });
    }

    /** Runs {@code work} off the FX thread; once the console is closing (its executor shut down) it is dropped. */
    private void inBackground(Runnable work) {
        try {
            background.execute(work);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // the window is closing: nothing left to read or keep for it
        }
    }

    /** FX thread: starts the selected scenario's drill on its own sandbox. */
    public void start() {
        ScenarioCatalog.Entry e = selected.get();
        if (e == null || !e.ok() || phase.get() == Phase.STARTING || phase.get() == Phase.RUNNING) {
            return;
        }
        phase.set(Phase.STARTING);
        problem.set(null);
        report.set(null);
        kept.set(null);
        inBackground(() -> {
            try {
                DrillRun started = starter.apply(new Start(e.scenario(), pace.get(),
                        onStaging.get() ? stagingContext.get() : null));
                fx.execute(() -> running(started));
            } catch (DrillStartFailure | IllegalStateException f) {
                fx.execute(() -> {
                    phase.set(Phase.CHOOSING);
                    problem.set("The drill could not start: " + f.getMessage());
                });
            }
        });
    }

    private void running(DrillRun started) {
        if (closed) {
            Thread.ofPlatform().name("drill-close").daemon().start(started::close);
            return;
        }
        run = started;
        phase.set(Phase.RUNNING);
        tick();
        if (host != null) {
            host.showDrillCluster(started.target());
        }
        started.onEnded(r -> fx.execute(() -> ended(started, r)));
    }

    private void ended(DrillRun finished, DrillReport r) {
        if (run != finished || closed) {
            return;
        }
        run = null;
        report.set(r);
        phase.set(Phase.REPORT);
        clock.set(null);
        if (host != null) {
            host.restore();
        }
        ScenarioCatalog.Entry e = selected.get();
        inBackground(() -> {
            String where;
            try {
                where = "Kept in " + results.keep(r).html().getParent();
            } catch (IOException | RuntimeException x) {
                where = "The report could not be kept in " + results.directory() + ": " + x.getMessage();
            }
            finished.close();
            String line = where;
            fx.execute(() -> {
                kept.set(line);
                readTrend(e);
            });
        });
    }

    /** FX thread, about once a second while a drill runs: the banner's clock. */
    public void tick() {
        DrillRun r = run;
        if (r != null) {
            DrillRun.Status s = r.status();
            clock.set(dev.flightdeck.drills.DrillClock.offset(s.elapsed()) + " of " + s.limit().toMinutes() + " min");
        }
    }

    /** The operator ends the drill (recovered if every fault was); the report follows. */
    public void end() {
        DrillRun r = run;
        if (r != null) {
            r.end();
        }
    }

    /** Stops the drill at once; the report says aborted. */
    public void abort() {
        DrillRun r = run;
        if (r != null) {
            r.abort();
        }
    }

    /** From the report back to the scenarios. */
    public void backToScenarios() {
        if (phase.get() == Phase.REPORT) {
            phase.set(Phase.CHOOSING);
        }
    }

    /** Any thread: the operator opened something on another screen; counts only while a drill runs. */
    public void opened(String ref, String what) {
        DrillRun r = run;
        if (r != null) {
            r.opened(ref, what);
        }
    }

    /** Writes the report as Markdown (with its chart) and HTML into {@code folder}; reports the files through {@link #keptProperty()}. */
    public void export(Path folder) {
        DrillReport r = report.get();
        if (r == null) {
            return;
        }
        inBackground(() -> {
            String line;
            try {
                DrillResults.Kept k = DrillResults.export(r, folder, "drill-" + r.scenarioId());
                line = "Exported " + k.markdown().getFileName() + " and " + k.html().getFileName() + " to " + folder;
            } catch (IOException | RuntimeException x) {
                line = "Could not export to " + folder + ": " + x.getMessage();
            }
            String shown = line;
            fx.execute(() -> kept.set(shown));
        });
    }

    /**
     * How much sooner than scheduled the faults strike: 1 as the scenario says (a real drill), more
     * for a quick rehearsal or a demo. Measured times stay real either way.
     */
    public javafx.beans.property.DoubleProperty paceProperty() {
        return pace;
    }

    /**
     * FX thread, on exit: a drill still running is aborted and its sandbox stopped on a thread of its
     * own (never waited for here); nothing more is started.
     */
    public void close() {
        closed = true;
        DrillRun r = run;
        run = null;
        if (r != null) {
            Thread.ofPlatform().name("drill-close").daemon().start(r::close);
        }
    }

    /** FX thread: the context shown now allows drills (its name), or not (null). */
    public void setStagingContext(String context) {
        stagingContext.set(context);
        if (context == null) {
            onStaging.set(false);
        }
    }

    /** The context shown, when its settings allow drills on its virtual nodes; else null. */
    public ReadOnlyStringProperty stagingContextProperty() {
        return stagingContext.getReadOnlyProperty();
    }

    /** Whether the next drill plays on the staging context's virtual nodes rather than its own sandbox. */
    public javafx.beans.property.BooleanProperty onStagingProperty() {
        return onStaging;
    }

    public boolean running() {
        return run != null;
    }

    public ObservableList<ScenarioCatalog.Entry> scenarios() {
        return scenarios;
    }

    public ObjectProperty<ScenarioCatalog.Entry> selectedProperty() {
        return selected;
    }

    /** Past results of the selected scenario, newest first. */
    public ObservableList<DrillResult> trend() {
        return trend;
    }

    public ReadOnlyObjectProperty<Phase> phaseProperty() {
        return phase.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<DrillReport> reportProperty() {
        return report.getReadOnlyProperty();
    }

    /** Why the last start failed, in words, or null. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** "03:12 of 15 min" while a drill runs, else null. */
    public ReadOnlyStringProperty clockProperty() {
        return clock.getReadOnlyProperty();
    }

    /** Where the last report was kept or exported, in words. */
    public ReadOnlyStringProperty keptProperty() {
        return kept.getReadOnlyProperty();
    }

    /** The scenario of the drill running now (for the banner), or null. */
    public Scenario runningScenario() {
        DrillRun r = run;
        return r == null ? null : r.scenario();
    }
}
