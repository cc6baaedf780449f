package dev.flightdeck.views.nodes;

import dev.flightdeck.views.rows.BatchedRowList;
import dev.flightdeck.views.rows.ParkedRows;

import dev.flightdeck.app.model.ClusterDelta;
import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.views.rows.TableRows;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.SortedList;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * State of the nodes screen: rows kept in place by name, filters, order, summary and
 * the selected node's details. Plain JavaFX beans and collections, no controls; every
 * method runs on the FX thread (or a test thread), fed by the delta batcher.
 */
public final class NodesViewModel {

    /** Worst verdict first, then by name: the nodes needing attention are on top. */
    public static final Comparator<NodeRow> DEFAULT_ORDER = Comparator
            .comparing((NodeRow r) -> r.node().verdict())
            .thenComparing(NodeRow::name);

    private final Map<String, NodeRow> byName = new HashMap<>();
    /** Node changes folded from the deltas, waiting for the FX thread's time (null: the node went). */
    private final dev.flightdeck.views.rows.PendingChanges<String, GpuNode> pending = new dev.flightdeck.views.rows.PendingChanges<>();
    /** The last delta said the cluster's first node LIST goes on: its rows are shown in glimpses, then whole. */
    private boolean nodesStillListing;
    private final BatchedRowList<NodeRow> rows = new BatchedRowList<>();
    // One read-only view, kept: a new wrapper per call loses its listeners when it is collected.
    private final ObservableList<NodeRow> rowsView = FXCollections.unmodifiableObservableList(rows);
    private final TableRows<NodeRow> table = new TableRows<>(rows, DEFAULT_ORDER);
    private final SortedList<NodeRow> sorted = table.visible();

    private final ObjectProperty<NodeVerdict> verdictFilter = new SimpleObjectProperty<>(this, "verdictFilter");
    private final StringProperty taintFilter = new SimpleStringProperty(this, "taintFilter");
    private final StringProperty productFilter = new SimpleStringProperty(this, "productFilter");
    /** One team's nodes ({@code (no team)} for those of none), by {@link #teamKey}; null for every node. */
    private final StringProperty teamFilter = new SimpleStringProperty(this, "teamFilter");
    /** The cluster's team key, null when it has none (no team filter then). */
    private final ObjectProperty<dev.flightdeck.app.settings.TeamKey> teamKey = new SimpleObjectProperty<>(this, "teamKey");
    private final StringProperty searchText = table.searchText();
    private final ObjectProperty<Comparator<NodeRow>> userOrder = table.userOrder();

    private final NodeFilterChoices choices = new NodeFilterChoices();
    private final ReadOnlyObjectWrapper<NodeSummary> summary = new ReadOnlyObjectWrapper<>(this, "summary",
            NodeSummary.EMPTY);
    private final ObjectProperty<NodeRow> selected = new SimpleObjectProperty<>(this, "selected");
    private final ReadOnlyObjectWrapper<NodeDetails> details = new ReadOnlyObjectWrapper<>(this, "details");

    private final Clock clock;
    private List<PodFacts> detailsPods = List.of();
    private Function<String, List<PodFacts>> podSource = name -> List.of();
    private Function<String, List<NodeRank>> rankSource = name -> List.of();
    private final ObservableList<NodeRank> selectedRanks = FXCollections.observableArrayList();
    // One wrapper for everyone: a fresh unmodifiable view per call would drop its listeners when collected.
    private final ObservableList<NodeRank> selectedRanksView = FXCollections.unmodifiableObservableList(selectedRanks);

    public NodesViewModel(Clock clock) {
        this.clock = clock;
        table.filterBy(() -> new NodeFilter(verdictFilter.get(), taintFilter.get(), productFilter.get(), searchText.get())
                        .withTeam(teamPredicate()), verdictFilter, taintFilter, productFilter, teamFilter, teamKey);
        // Another cluster's key (or none): its teams are not this one's.
        teamKey.addListener((o, was, now) -> {
            if (!java.util.Objects.equals(was, now)) {
                teamFilter.set(null);
            }
        });
        selected.addListener((obs, old, row) -> refreshDetails());
    }

    /** Applies a batch of deltas in order, all of it (tests; the shell gives the FX thread a deadline). */
    public void apply(List<ClusterDelta> batch) {
        apply(batch, Long.MAX_VALUE);
    }

    /**
     * Folds a batch of deltas (in order; a reset drops everything before it) into the changes waiting, then applies
     * them until {@code deadlineNanos}: what is left waits for the next call, which may bring an empty batch.
     * Returns how many node changes still wait.
     */
    public int apply(List<ClusterDelta> batch, long deadlineNanos) {
        for (ClusterDelta d : batch) {
            if (d.reset()) {
                // What the reset leaves out goes; the rest is applied in place (rows, and so the selection, kept).
                pending.reset(byName.keySet(), d.upserted().stream().map(GpuNode::name).toList());
            }
            for (String gone : d.removed()) {
                pending.remove(gone);
            }
            for (GpuNode n : d.upserted()) {
                pending.upsert(n.name(), n);
            }
        }
        if (!batch.isEmpty()) {
            summary.set(batch.getLast().summary());
            nodesStillListing = batch.getLast().nodesStillListing();
        }
        if (batch.isEmpty() && pending.isEmpty() && !rows.movesWaiting()) {
            return 0;
        }
        NodeRow sel = selected.get();
        boolean selectedChanged = sel != null && pending.contains(sel.name());
        List<NodeRow> added = new ArrayList<>();
        Set<NodeRow> removed = new HashSet<>();
        long started = System.nanoTime();
        int applied = pending.drain(deadlineNanos, (name, node) -> applyOne(name, node, added, removed));
        rows.announce(removed, added, !pending.isEmpty() || nodesStillListing, table);
        pending.measured(System.nanoTime() - started, applied);
        choices.refresh();
        if (sel != null && byName.get(sel.name()) != sel) {
            selected.set(null);
        } else if (selectedChanged && !pending.contains(sel.name())) {
            refreshDetails();
        } else if (sel != null && !podsOn(sel.name()).equals(detailsPods)) {
            // A rank restarting on the node is not a change of the node (the model does not
            // resend it), but the details list its pods: one node's pods, compared per batch.
            refreshDetails();
        }
        return pending.size();
    }

    /**
     * Rows that change place under the order in force are re-placed at most once per {@code interval} (their
     * cells show the change at once); the shell turns this on for the live screen, see
     * {@link BatchedRowList#placeMovesAtMostEvery}. While {@link #movesWaiting()}, {@link #apply} must be called again,
     * with an empty batch if nothing else came.
     */
    public void placeMovesAtMostEvery(java.time.Duration interval, java.util.function.LongSupplier nanoTime) {
        rows.placeMovesAtMostEvery(interval, nanoTime);
    }

    /** Rows wait to be re-placed (see {@link #placeMovesAtMostEvery}). */
    public boolean movesWaiting() {
        return rows.movesWaiting();
    }

    /** Node changes folded but not yet on the rows (the FX thread's time ran out). */
    public int backlog() {
        return pending.size();
    }

    private void applyOne(String name, GpuNode node, List<NodeRow> added, Set<NodeRow> removed) {
        NodeRow row = byName.get(name);
        if (node == null) {
            if (row != null) {
                byName.remove(name);
                choices.count(row.node(), -1);
                removed.add(row);
            }
        } else if (row == null) {
            row = new NodeRow(node);
            byName.put(name, row);
            choices.count(node, 1);
            added.add(row);
        } else {
            choices.count(row.node(), -1);
            row.update(node, table.mayMove(row, row.probe(node)));
            choices.count(row.node(), 1);
        }
    }

    private void refreshDetails() {
        NodeRow row = selected.get();
        detailsPods = row == null ? List.of() : podsOn(row.name());
        details.set(row == null ? null : NodeDetails.of(row.node(), detailsPods, clock.instant()));
        refreshRanks();
    }

    /** Re-reads the gang ranks on the selected node (the shell calls it after gangs change). */
    public void refreshRanks() {
        NodeRow row = selected.get();
        List<NodeRank> now = row == null ? List.of() : rankSource.apply(row.name());
        if (!selectedRanks.equals(now)) {
            selectedRanks.setAll(now);
        }
    }

    /** Where the details pane gets the gang ranks on a node from (the gangs screen's index). */
    public void setRankSource(Function<String, List<NodeRank>> rankSource) {
        this.rankSource = rankSource;
        refreshRanks();
    }

    /** Gang ranks on the selected node, by gang then rank; empty when none or nothing selected. */
    public ObservableList<NodeRank> selectedRanks() {
        return selectedRanksView;
    }

    /** Selects the node by name, clearing the filters first if they hide it. False when unknown. */
    public boolean select(String name) {
        NodeRow row = byName.get(name);
        if (row == null) {
            return false;
        }
        if (!sorted.contains(row)) {
            clearFilters();
        }
        selected.set(row);
        return true;
    }

    /** A failing pod lookup must not break selection (this runs inside FX listeners): show no pods, log why. */
    private List<PodFacts> podsOn(String node) {
        try {
            return podSource.apply(node);
        } catch (RuntimeException e) {
            System.getLogger(NodesViewModel.class.getName())
                    .log(System.Logger.Level.WARNING, "pods on " + node + " unavailable: " + e);
            return List.of();
        }
    }

    /** A cluster's rows as they were when another was switched to, kept while it stays open. */
    private record Parked(Map<String, NodeRow> byName, List<NodeRow> rows, NodeFilterChoices.Counts choices,
                          NodeSummary summary) {
    }

    private final ParkedRows<Parked> parked = new ParkedRows<>();

    /**
     * Keeps this cluster's rows aside and empties the screen (a switch to another cluster kept open): switching back
     * puts them back in one change ({@link #unpark}) instead of building 7,500 rows again; the reset its model sends
     * then brings each up to date in place.
     */
    public void park(String cluster) {
        parked.park(cluster, new Parked(new HashMap<>(byName), rows.withKeptBack(), choices.saved(), summary.get()));
        clear();
    }

    /** Puts back the rows of {@code cluster} if they were parked; the screen must be empty (after {@link #clear}). */
    public void unpark(String cluster) {
        Parked p = parked.unpark(cluster);
        if (p == null || !byName.isEmpty()) {
            return;
        }
        byName.putAll(p.byName());
        choices.restore(p.choices());
        table.change(p.rows().size(), () -> rows.setAll(p.rows()));
        summary.set(p.summary());
        choices.refresh();
    }

    /** Drops the parked rows of clusters no longer open. */
    public void keepParked(Set<String> open) {
        parked.keepOnly(open);
    }

    /** Forgets every node (context switch); the next reset delta fills the screen again. */
    public void clear() {
        pending.clear();
        byName.clear();
        choices.clear();
        table.change(rows.size(), rows::clear);
        selected.set(null);
        summary.set(NodeSummary.EMPTY);
        choices.refresh();
    }

    private java.util.function.Predicate<GpuNode> teamPredicate() {
        var key = teamKey.get();
        String team = teamFilter.get();
        if (key == null || team == null) {
            return null;
        }
        return n -> team.equals(dev.flightdeck.app.queues.teams.NodeTeams.shownTeamOf(n.facts(), key.key()));
    }

    /** The team whose nodes are shown (by the team key), null for every node. */
    public StringProperty teamFilterProperty() {
        return teamFilter;
    }

    /** The team key of the cluster on screen (the shell keeps it in step with the team table). */
    public ObjectProperty<dev.flightdeck.app.settings.TeamKey> teamKeyProperty() {
        return teamKey;
    }

    public void clearFilters() {
        teamFilter.set(null);
        verdictFilter.set(null);
        taintFilter.set(null);
        productFilter.set(null);
        searchText.set("");
    }

    /** Where the details pane gets a node's pods from (the cluster model's pods-by-node index). */
    public void setPodSource(Function<String, List<PodFacts>> podSource) {
        this.podSource = podSource;
        refreshDetails();
    }

    public NodeRow row(String name) {
        return byName.get(name);
    }

    /** While the screen is not showing its table is not re-sorted; changes are announced when it shows again. */
    public void setShowing(boolean showing) {
        rows.setHeld(!showing);
    }

    /** All rows, in arrival order. */
    public ObservableList<NodeRow> allRows() {
        return rowsView;
    }

    /** The rows to show: filtered and sorted. */
    public SortedList<NodeRow> visibleRows() {
        return sorted;
    }

    public ObjectProperty<NodeVerdict> verdictFilterProperty() {
        return verdictFilter;
    }

    public StringProperty taintFilterProperty() {
        return taintFilter;
    }

    public StringProperty productFilterProperty() {
        return productFilter;
    }

    public StringProperty searchTextProperty() {
        return searchText;
    }

    /** The order chosen by clicking column headers; null means the default order. */
    public ObjectProperty<Comparator<NodeRow>> userOrderProperty() {
        return userOrder;
    }

    public ObservableList<String> taintKeys() {
        return choices.taintKeys();
    }

    public ObservableList<String> products() {
        return choices.products();
    }

    public ReadOnlyObjectProperty<NodeSummary> summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ObjectProperty<NodeRow> selectedProperty() {
        return selected;
    }

    public ReadOnlyObjectProperty<NodeDetails> detailsProperty() {
        return details.getReadOnlyProperty();
    }
}
