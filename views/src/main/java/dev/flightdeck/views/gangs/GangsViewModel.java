package dev.flightdeck.views.gangs;

import dev.flightdeck.views.rows.BatchedRowList;
import dev.flightdeck.views.rows.ParkedRows;

import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.model.ClusterDelta;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.views.nodes.NodeRank;
import dev.flightdeck.views.rows.TableRows;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.SortedList;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * State of the gangs screen: rows kept in place by gang key, filters, order, the
 * selected gang and rank, each gang's checkpoint status and the ranks on each node.
 * Every public method runs on the FX thread (or a test thread). Checkpoint reads may
 * block on object storage, so they run on a small background executor; each gang is
 * read at most once per {@link #CHECKPOINT_REFRESH} and the result comes back through
 * the FX executor.
 */
public final class GangsViewModel implements AutoCloseable {

    public static final Duration CHECKPOINT_REFRESH = CheckpointReads.REFRESH;

    /** The core's order (worst verdict, at risk, largest, name), as {@code check} lists them too. */
    public static final Comparator<GangRow> DEFAULT_ORDER = Comparator.comparing(GangRow::gang, Gang.WORST_FIRST);

    private final Map<GangKey, GangRow> byKey = new HashMap<>();
    /** Gang changes folded from the deltas, waiting for the FX thread's time (null: the gang went). */
    private final dev.flightdeck.views.rows.PendingChanges<GangKey, Gang> pending = new dev.flightdeck.views.rows.PendingChanges<>();
    /** A reset is being applied: once it is whole, checkpoint reads of gangs it left out are forgotten. */
    private boolean resetApplying;
    private final BatchedRowList<GangRow> rows = new BatchedRowList<>();
    // One read-only view, kept: a new wrapper per call loses its listeners when it is collected.
    private final ObservableList<GangRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final TableRows<GangRow> table = new TableRows<>(rows, DEFAULT_ORDER);
    private final SortedList<GangRow> sorted = table.visible();
    private final GangSummaries summaries = new GangSummaries();

    private final GangFilters filters = new GangFilters();
    private final StringProperty searchText = table.searchText();
    private final ObjectProperty<Comparator<GangRow>> userOrder = table.userOrder();

    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "No gangs yet.");

    private final GangSelection selection = new GangSelection();
    private final ObjectProperty<GangRow> selected = selection.selected;

    private final Clock clock;
    private final CheckpointReads checkpoints;

    /** For the application: reads on two daemon threads, results back on the FX thread. */
    public GangsViewModel(Clock clock) {
        this(clock, null, Platform::runLater);
    }

    /**
     * @param background where checkpoint reads run (null: a private pool of two daemon threads)
     * @param fx         where their results are applied (the FX thread; tests pass {@code Runnable::run})
     */
    public GangsViewModel(Clock clock, Executor background, Executor fx) {
        this.clock = clock;
        this.checkpoints = new CheckpointReads(clock, background, fx, byKey::get, rows);
        table.filterBy(() -> filters.filter(searchText.get()), filters.inputs());
    }

    /** Applies a batch of deltas in order (gang parts only), all of it (tests; the shell gives a deadline). */
    public void apply(List<ClusterDelta> batch) {
        apply(batch, Long.MAX_VALUE);
    }

    /**
     * Folds a batch of deltas (gang parts, in order; a reset drops every gang before it) into the changes waiting,
     * then applies them until {@code deadlineNanos}; the rest waits for the next call. Returns how many still wait.
     */
    public int apply(List<ClusterDelta> batch, long deadlineNanos) {
        for (ClusterDelta d : batch) {
            if (d.reset()) {
                resetGangs(d.gangsChanged());
            }
            for (GangKey gone : d.gangsRemoved()) {
                pending.remove(gone);
            }
            for (Gang g : d.gangsChanged()) {
                pending.upsert(g.key(), g);
            }
        }
        if (pending.isEmpty()) {
            return 0;
        }
        List<GangRow> touched = new ArrayList<>();
        List<GangRow> added = new ArrayList<>();
        Set<GangRow> removed = new HashSet<>();
        Instant now = clock.instant();
        long started = System.nanoTime();
        int applied = pending.drain(deadlineNanos, (key, gang) -> applyOne(key, gang, now, touched, added, removed));
        rows.announce(removed, added, !pending.isEmpty(), table);
        pending.measured(System.nanoTime() - started, applied);
        if (resetApplying && pending.isEmpty()) {
            resetApplying = false;
            checkpoints.retain(byKey.keySet());
        }
        afterChange(touched);
        return pending.size();
    }

    /** Gang changes folded but not yet on the rows (the FX thread's time ran out). */
    public int backlog() {
        return pending.size();
    }

    /** Shows exactly {@code gangs} (tests and a relist). */
    public void setAll(List<Gang> gangs) {
        resetGangs(gangs);
        gangs.forEach(g -> pending.upsert(g.key(), g));
        apply(List.of());
    }

    /** A reset: what waited is dropped, the gangs it leaves out go; rows it keeps are updated in place. */
    private void resetGangs(List<Gang> all) {
        resetApplying = true;
        pending.reset(byKey.keySet(), all.stream().map(Gang::key).toList());
    }

    private void applyOne(GangKey key, Gang gang, Instant now, List<GangRow> touched, List<GangRow> added,
                          Set<GangRow> removed) {
        GangRow row = byKey.get(key);
        if (gang == null) {
            if (row != null) {
                byKey.remove(key);
                summaries.remove(row.gang());
                checkpoints.readSoon(key);
                removed.add(row);
            }
        } else if (row == null) {
            row = new GangRow(gang, now);
            byKey.put(key, row);
            summaries.add(row.gang());
            added.add(row);
            touched.add(row);
        } else {
            Gang old = row.gang();
            if (!old.annotations().equals(gang.annotations())) {
                checkpoints.readSoon(row.key()); // a new checkpoint source: read it again now
            }
            row.update(gang, table.mayMove(row, row.probe(gang)));
            summaries.replace(old, row.gang());
            touched.add(row);
        }
    }

    /** Bookkeeping after a batch; {@code touched} are the rows whose checkpoint may need a first read. */
    private void afterChange(List<GangRow> touched) {
        GangRow sel = selected.get();
        if (sel != null && byKey.get(sel.key()) != sel) {
            selected.set(null);
        }
        filters.offer(summaries.namespaces(), summaries.systems());
        summary.set(summaries.header());
        checkpoints.refresh(touched);
    }

    /**
     * Where checkpoint statuses come from ({@code session.checkpoints()::read}); may block.
     * Null stops reading. Every gang is read again soon after.
     */
    public void setCheckpointReader(Function<Map<String, String>, CheckpointStatus> reader) {
        checkpoints.setReader(reader);
        refreshCheckpoints();
    }

    /**
     * FX thread, called by the screen's timer: ages every row to now and reads checkpoints
     * whose last read is older than {@link #CHECKPOINT_REFRESH}.
     */
    public void tick() {
        Instant now = clock.instant();
        for (GangRow r : rows) {
            r.age(now);
        }
        rows.fireDirtyUpdates();
        refreshCheckpoints();
    }

    private void refreshCheckpoints() {
        checkpoints.refresh(rows);
    }

    /** A cluster's gang rows as they were when another was switched to, kept while it stays open. */
    private final ParkedRows<List<GangRow>> parked = new ParkedRows<>();

    /**
     * Keeps this cluster's rows aside and empties the screen (a switch to another cluster kept open): switching back
     * puts them back in one change ({@link #unpark}); the reset its model sends then brings each up to date in place.
     */
    public void park(String cluster) {
        parked.park(cluster, rows.withKeptBack());
        clear();
    }

    /** Puts back the rows of {@code cluster} if they were parked; the screen must be empty (after {@link #clear}). */
    public void unpark(String cluster) {
        List<GangRow> back = parked.unpark(cluster);
        if (back == null || !byKey.isEmpty()) {
            return;
        }
        for (GangRow r : back) {
            byKey.put(r.key(), r);
            summaries.add(r.gang());
        }
        table.change(back.size(), () -> rows.setAll(back));
        afterChange(back);
    }

    /** Drops the parked rows of clusters no longer open. */
    public void keepParked(Set<String> open) {
        parked.keepOnly(open);
    }

    /** Forgets every gang (context switch). */
    public void clear() {
        pending.clear();
        resetApplying = false;
        checkpoints.forget();
        byKey.clear();
        table.change(rows.size(), rows::clear);
        summaries.clear();
        selected.set(null);
        filters.offer(summaries.namespaces(), summaries.systems());
        summary.set(summaries.header());
    }

    /** The team whose gangs are shown, null for every gang. */
    public StringProperty teamFilterProperty() {
        return filters.team;
    }

    /** Each GPU node's team (the shell keeps it in step with the team table); null without a team key. */
    public ObjectProperty<Map<String, String>> nodeTeamsProperty() {
        return filters.nodeTeams;
    }

    public void clearFilters() {
        filters.clear();
        searchText.set("");
    }

    /** Selects the gang, clearing the filters first if they hide it. False when no such gang is known. */
    public boolean select(GangKey key) {
        GangRow row = byKey.get(key);
        if (row == null) {
            return false;
        }
        if (!sorted.contains(row)) {
            clearFilters();
        }
        selected.set(row);
        return true;
    }

    /** Selects the gang and one of its ranks. */
    public boolean select(GangKey key, int rank) {
        if (!select(key)) {
            return false;
        }
        selection.selectRank(rank);
        return true;
    }

    /** The ranks placed on {@code node}, by gang then rank; empty when none. */
    public List<NodeRank> ranksOn(String node) {
        return summaries.ranksOn(node);
    }

    public GangRow row(GangKey key) {
        return byKey.get(key);
    }

    /** While the screen is not showing its table is not re-sorted; changes are announced when it shows again. */
    public void setShowing(boolean showing) {
        rows.setHeld(!showing);
    }

    public ObservableList<GangRow> allRows() {
        return rowsView;
    }

    public SortedList<GangRow> visibleRows() {
        return sorted;
    }

    public ObjectProperty<GangVerdict> verdictFilterProperty() {
        return filters.verdict;
    }

    public ObjectProperty<GangSystem> systemFilterProperty() {
        return filters.system;
    }

    public StringProperty namespaceFilterProperty() {
        return filters.namespace;
    }

    public ObjectProperty<CheckpointAge> checkpointFilterProperty() {
        return filters.checkpoint;
    }

    public ObjectProperty<Integer> minGpusFilterProperty() {
        return filters.minGpus;
    }

    public StringProperty searchTextProperty() {
        return searchText;
    }

    public ObjectProperty<Comparator<GangRow>> userOrderProperty() {
        return userOrder;
    }

    public ObservableList<String> namespaces() {
        return filters.namespacesView;
    }

    public ObservableList<GangSystem> systems() {
        return filters.systemsView;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ObjectProperty<GangRow> selectedProperty() {
        return selected;
    }

    /** The selected gang's current line (gang + checkpoint), following its updates; null when none. */
    public ReadOnlyObjectProperty<GangLine> selectedLineProperty() {
        return selection.selectedLine.getReadOnlyProperty();
    }

    public ObjectProperty<RankSlot> selectedRankProperty() {
        return selection.selectedRank;
    }

    public ObjectProperty<RankSlot> hoveredRankProperty() {
        return selection.hoveredRank;
    }

    /** The rank the details show: the hovered one, else the selected one. */
    public ReadOnlyObjectProperty<RankSlot> shownRankProperty() {
        return selection.shownRank.getReadOnlyProperty();
    }

    /** Bumped when the selected gang's ranks change (the rank map redraws). */
    public ReadOnlyObjectProperty<Long> ranksVersionProperty() {
        return selection.ranksVersion.getReadOnlyProperty();
    }

    public Clock clock() {
        return clock;
    }

    @Override
    public void close() {
        checkpoints.close();
    }
}
