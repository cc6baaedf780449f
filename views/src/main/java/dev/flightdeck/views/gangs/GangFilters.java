package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The Gangs screen's filters: what is chosen (verdict, system, namespace, checkpoint age, GPUs, team) and what the
 * namespace and system filters offer. FX thread only.
 */
final class GangFilters {

    final ObjectProperty<GangVerdict> verdict = new SimpleObjectProperty<>(this, "verdictFilter");
    final ObjectProperty<GangSystem> system = new SimpleObjectProperty<>(this, "systemFilter");
    final StringProperty namespace = new SimpleStringProperty(this, "namespaceFilter");
    final ObjectProperty<CheckpointAge> checkpoint = new SimpleObjectProperty<>(this, "checkpointFilter");
    final ObjectProperty<Integer> minGpus = new SimpleObjectProperty<>(this, "minGpusFilter");
    /** Gangs with a rank on one team's nodes, by {@link #nodeTeams}; null for every gang. */
    final StringProperty team = new SimpleStringProperty(this, "teamFilter");
    /** Each GPU node's team by the cluster's team key; null when the cluster has no key (no team filter then). */
    final ObjectProperty<Map<String, String>> nodeTeams = new SimpleObjectProperty<>(this, "nodeTeams");

    private final ObservableList<String> namespaces = FXCollections.observableArrayList();
    // One read-only view, kept: a new wrapper per call loses its listeners when it is collected.
    final ObservableList<String> namespacesView = FXCollections.unmodifiableObservableList(namespaces);
    private final ObservableList<GangSystem> systems = FXCollections.observableArrayList();
    // One read-only view, kept: a new wrapper per call loses its listeners when it is collected.
    final ObservableList<GangSystem> systemsView = FXCollections.unmodifiableObservableList(systems);

    GangFilters() {
        // No team key any more (or another cluster's): its teams are not this one's.
        nodeTeams.addListener((o, was, now) -> {
            if (now == null) {
                team.set(null);
            }
        });
    }

    /** The filter the choices make, with the search text. */
    GangFilter filter(String searchText) {
        return new GangFilter(verdict.get(), system.get(), namespace.get(), checkpoint.get(), minGpus.get(), searchText,
                teamPredicate());
    }

    /** What the filter is built from (the search text aside). */
    Observable[] inputs() {
        return new Observable[] {verdict, system, namespace, checkpoint, minGpus, team, nodeTeams};
    }

    private Predicate<Gang> teamPredicate() {
        Map<String, String> teams = nodeTeams.get();
        String t = team.get();
        if (teams == null || t == null) {
            return null;
        }
        // A gang counts for every team whose nodes hold one of its ranks, as in the team table.
        return g -> g.ranks().stream().anyMatch(r -> r.node() != null && t.equals(teams.get(r.node())));
    }

    /** Every filter off (the search text is the table's). */
    void clear() {
        team.set(null);
        verdict.set(null);
        system.set(null);
        namespace.set(null);
        checkpoint.set(null);
        minGpus.set(null);
    }

    /** The namespaces and systems offered, from the gangs shown; lists are only touched when they really change. */
    void offer(List<String> ns, List<GangSystem> sys) {
        if (!namespaces.equals(ns)) {
            namespaces.setAll(ns);
        }
        if (!systems.equals(sys)) {
            systems.setAll(sys);
        }
    }
}
