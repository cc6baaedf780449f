package dev.flightdeck.views.teams;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.queues.teams.TeamRow;
import dev.flightdeck.app.queues.teams.TeamTable;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.settings.TeamKey;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;
import java.util.concurrent.Executor;

/**
 * The team capacity table of the cluster on screen: made off the FX thread from the session's model (every
 * {@value #REFRESH_SECONDS} s: the figures are totals, a few seconds old is soon enough, and a 7,500-node snapshot is
 * not taken for every delta) and handed to the FX thread whole. Hidden when the cluster's settings name no team key.
 */
public final class TeamsViewModel implements AutoCloseable {

    static final int REFRESH_SECONDS = 5;

    private final Executor fx;
    private final ObservableList<TeamRow> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper heading = new ReadOnlyStringWrapper(this, "heading", "");
    private final ReadOnlyStringWrapper unplaced = new ReadOnlyStringWrapper(this, "unplaced", "");
    private final ReadOnlyBooleanWrapper shown = new ReadOnlyBooleanWrapper(this, "shown");
    private final javafx.beans.property.ReadOnlyObjectWrapper<TeamKey> key =
            new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "key");
    /** The teams by name, {@code (no team)} last: a team filter's choices. Only touched when they change. */
    private final ObservableList<String> teamNames = FXCollections.observableArrayList();
    private final javafx.beans.property.ReadOnlyObjectWrapper<java.util.Map<String, String>> nodeTeams =
            new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "nodeTeams");
    /** The last node-to-team map handed over (reader thread): an unchanged one is not handed over again. */
    private java.util.Map<String, String> lastNodeTeams;
    private final dev.flightdeck.views.background.OnScreenReader reader = new dev.flightdeck.views.background.OnScreenReader(
            "team-table", java.time.Duration.ofSeconds(REFRESH_SECONDS), this::read);

    /** @param fx where the table is handed over (Platform::runLater; Runnable::run in tests) */
    public TeamsViewModel(Executor fx) {
        this.fx = fx;
    }

    /** Shows the table of whichever session is on screen, refreshed every few seconds (FX thread). */
    public void follow(ObservableValue<ClusterSession> onScreen) {
        reader.follow(onScreen);
    }

    private void read(ClusterSession s) {
        if (s == null || s.teamKey() == null) {
            show(null, List.of(), List.of());
        } else {
            show(s.teamKey(), s.fleet().snapshot().nodes(), s.fleet().gangs(), s.fleet().queues());
        }
    }

    /** Works the table out here (any thread) and hands it to the FX thread; no key hides it. */
    public void show(TeamKey key, List<GpuNode> nodes, List<Gang> gangs) {
        show(key, nodes, gangs, dev.flightdeck.app.queues.QueuesSnapshot.EMPTY);
    }

    /** As {@link #show(TeamKey, List, List)}, with the queues that place a queued job in its team. */
    public void show(TeamKey key, List<GpuNode> nodes, List<Gang> gangs, dev.flightdeck.app.queues.QueuesSnapshot queues) {
        if (key == null) {
            lastNodeTeams = null;
            fx.execute(() -> {
                nodeTeams.set(null);
                rows.clear();
                teamNames.clear();
                heading.set("");
                unplaced.set("");
                shown.set(false);
                this.key.set(null);
            });
            return;
        }
        TeamTable t = TeamTable.of(key, nodes, gangs, queues);
        long teams = t.rows().stream().filter(r -> !r.noTeam()).count();
        String head = "Teams by " + key.key() + " · " + teams + (teams == 1 ? " team" : " teams");
        int onNoNode = t.gangsOnNoNode();
        String note = onNoNode == 0 ? "" : onNoNode == 1 ? "1 gang has no rank on a GPU node yet and is in no team's row"
                : onNoNode + " gangs have no rank on a GPU node yet and are in no team's row";
        List<String> names = t.teams();
        java.util.Map<String, String> byNode = dev.flightdeck.app.queues.teams.NodeTeams.byNode(nodes, key.key());
        // Compared here, not on the FX thread: a gang filter re-filters whenever it gets a new map.
        java.util.Map<String, String> handed = byNode.equals(lastNodeTeams) ? null : java.util.Map.copyOf(byNode);
        lastNodeTeams = byNode;
        fx.execute(() -> {
            if (handed != null) {
                nodeTeams.set(handed);
            }
            // Unchanged rows are left alone: replacing them every refresh would drop the row a person picked.
            if (!rows.equals(t.rows())) {
                rows.setAll(t.rows());
            }
            if (!teamNames.equals(names)) {
                teamNames.setAll(names);
            }
            this.key.set(key);
            heading.set(head);
            unplaced.set(note);
            shown.set(true);
        });
    }

    /** One row per team, {@code (no team)} last (FX thread). */
    public ObservableList<TeamRow> rows() {
        return rows;
    }

    public ReadOnlyStringProperty headingProperty() {
        return heading.getReadOnlyProperty();
    }

    /** Why some gangs are in no row, or empty. */
    public ReadOnlyStringProperty unplacedProperty() {
        return unplaced.getReadOnlyProperty();
    }

    /** The team key of the cluster on screen; null when it has none. */
    public javafx.beans.property.ReadOnlyObjectProperty<TeamKey> keyProperty() {
        return key.getReadOnlyProperty();
    }

    /** Each GPU node's team by name; null while the cluster on screen has no team key (FX thread). */
    public javafx.beans.property.ReadOnlyObjectProperty<java.util.Map<String, String>> nodeTeamsProperty() {
        return nodeTeams.getReadOnlyProperty();
    }

    /** The teams by name, {@code (no team)} last (FX thread). */
    public ObservableList<String> teamNames() {
        return teamNames;
    }

    /** Whether the cluster on screen has a team key (the table is shown only then). */
    public ReadOnlyBooleanProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }

    @Override
    public void close() {
        reader.close();
    }
}
