package dev.flightdeck.views.fleet;

import dev.flightdeck.app.clusters.ClusterFleet;
import dev.flightdeck.app.clusters.ClusterSearch;
import dev.flightdeck.app.clusters.ClusterSummary;
import dev.flightdeck.app.clusters.FleetOverview;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The fleet overview's state: every open cluster's row, worst first, and the totals. Read once a
 * second (and at once when a cluster opens, fails or closes) on a thread of its own — a row may
 * read checkpoints from an object store — and handed to the FX thread whole: the FX thread only
 * swaps a list of a few dozen rows, whatever the size of the clusters.
 */
public final class FleetViewModel implements AutoCloseable {

    private final ClusterFleet fleet;
    private final Clock clock;
    private final Executor fx;
    private final ScheduledExecutorService reader = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("fleet-overview").daemon().unstarted(r));
    private final AtomicBoolean readQueued = new AtomicBoolean();
    private final AtomicLong searchGeneration = new AtomicLong();
    private final ObservableList<ClusterSummary> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper totals = new ReadOnlyStringWrapper(this, "totals", "");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyIntegerWrapper clusters = new ReadOnlyIntegerWrapper(this, "clusters");
    private volatile FleetOverview latest;

    public FleetViewModel(ClusterFleet fleet, Clock clock, Executor fx) {
        this.fleet = fleet;
        this.clock = clock;
        this.fx = fx;
        fleet.onChange(this::readSoon);
        reader.scheduleWithFixedDelay(this::read, 0, 1, TimeUnit.SECONDS);
    }

    /** Coalesces bursts of changes (ten clusters opening at once) into one read. */
    private void readSoon() {
        if (readQueued.compareAndSet(false, true)) {
            try {
                reader.schedule(this::read, 100, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException closed) {
                readQueued.set(false);
            }
        }
    }

    private void read() {
        readQueued.set(false);
        try {
            var open = fleet.clusters();
            if (open.size() < 2 && latest != null && latest.rows().size() == open.size()) {
                // One cluster: no Fleet screen and no fleet line; its own screens say it all. Not read every second.
                return;
            }
            FleetOverview o = FleetOverview.read(open, clock.instant());
            latest = o;
            String totalsLine = FleetWords.totals(o.totals());
            String statusLine = FleetWords.status(o);
            fx.execute(() -> {
                rows.setAll(o.rows());
                totals.set(totalsLine);
                status.set(statusLine);
                clusters.set(o.rows().size());
            });
        } catch (RuntimeException e) {
            // One cluster's bad moment must not stop the overview of all of them.
            System.getLogger(FleetViewModel.class.getName()).log(System.Logger.Level.WARNING,
                    "reading the fleet overview: " + e);
        }
    }

    /**
     * Looks for a node, gang or pod name in every open cluster, off the FX thread; {@code done} gets the
     * hits on the FX thread unless a newer search overtook this one.
     */
    public void search(String query, Consumer<List<ClusterSearch.Hit>> done) {
        long gen = searchGeneration.incrementAndGet();
        try {
            reader.execute(() -> {
                List<ClusterSearch.Hit> hits = ClusterSearch.find(fleet.clusters(), query);
                fx.execute(() -> {
                    if (gen == searchGeneration.get()) {
                        done.accept(hits);
                    }
                });
            });
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            // the console is closing
        }
    }

    /** Rows worst first (FX thread). */
    public ObservableList<ClusterSummary> rows() {
        return rows;
    }

    public ReadOnlyStringProperty totalsProperty() {
        return totals.getReadOnlyProperty();
    }

    /** The status bar's fleet line: the worst cluster and how many others need attention; empty with one cluster. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** How many clusters are open (the Fleet screen is offered from two). */
    public ReadOnlyIntegerProperty clustersProperty() {
        return clusters.getReadOnlyProperty();
    }

    /** The newest overview read (any thread), for tests and screenshots; null before the first. */
    public FleetOverview latest() {
        return latest;
    }

    @Override
    public void close() {
        reader.shutdownNow();
    }
}
