package dev.flightdeck.views.nodes;

import dev.flightdeck.app.diagnose.yaml.ObjectRef;
import dev.flightdeck.app.kube.ObjectReference;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.views.actions.ActionsController;
import dev.flightdeck.views.actions.NodeActionsBar;
import dev.flightdeck.views.diagnose.Evidence;
import dev.flightdeck.views.screen.LazyScreen;
import dev.flightdeck.views.screen.Navigator;
import dev.flightdeck.views.teams.TeamsPane;
import dev.flightdeck.views.teams.TeamsViewModel;
import dev.flightdeck.views.telemetry.TelemetrySnapshot;
import dev.flightdeck.views.theme.Icons;
import javafx.beans.value.ObservableValue;
import org.kordamp.ikonli.Ikon;

import java.time.Clock;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The Nodes screen, shown at start: the nodes table with the selected node's details and actions, the GPU telemetry
 * and the teams' capacity beside it. From a node it links to its journal, its Events and its YAML; from a rank in
 * its details, to the rank's gang.
 */
public final class NodesScreen extends LazyScreen<NodesView> {

    public static final String ID = "nodes";

    private final NodesViewModel nodes;
    private final Clock clock;
    private final ActionsController actions;
    private final ObservableValue<TelemetrySnapshot> telemetry;
    private final TeamsViewModel teams;
    private final Evidence evidence;
    private final Supplier<ClusterSession> session;
    private final Navigator navigator;

    /**
     * @param session the cluster shown (whether a node is cordoned decides what its Cordon button offers)
     */
    public NodesScreen(NodesViewModel nodes, Clock clock, ActionsController actions,
                       ObservableValue<TelemetrySnapshot> telemetry, TeamsViewModel teams, Evidence evidence,
                       Supplier<ClusterSession> session, Navigator navigator) {
        this.nodes = nodes;
        this.clock = clock;
        this.actions = actions;
        this.telemetry = telemetry;
        this.teams = teams;
        this.evidence = evidence;
        this.session = session;
        this.navigator = navigator;
        nodes.teamKeyProperty().bind(teams.keyProperty());
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Nodes";
    }

    @Override
    public Ikon icon() {
        return Icons.NODES;
    }

    @Override
    protected NodesView build() {
        NodesView view = new NodesView(nodes, clock);
        view.setOnOpenRank(rank -> navigator.openGang(rank.gang(), rank.slot().rank()));
        view.showGpuTelemetry(telemetry);
        TeamsPane teamsPane = new TeamsPane(teams);
        teamsPane.setOnTeamPicked(team -> nodes.teamFilterProperty().set(team));
        view.showTeams(teamsPane);
        view.showTeamFilter(teams.teamNames());
        view.setNodeActions(name -> new NodeActionsBar(actions, name, cordoned(name),
                () -> navigator.showJournalFor(name), () -> evidence.openYaml(ObjectRef.node(name)),
                () -> navigator.showEventsOf(Set.of(ObjectReference.of("Node", "", name)), "node " + name)));
        view.setDrainSelected(actions::openDrainMany, actions.whyNotDrainProperty());
        view.setBatchPreflight(actions::openPreflightOnGated, actions.whyNotPreflightProperty());
        return view;
    }

    /** That node selected (filters cleared if they hid it) and the table focused; the screen is shown already. */
    public void select(String name) {
        nodes.select(name);
        view().focusTable();
    }

    @Override
    public void focusTable() {
        view().focusTable();
    }

    @Override
    public boolean focusSearch() {
        view().focusSearch();
        return true;
    }

    private boolean cordoned(String node) {
        ClusterSession s = session.get();
        var n = s == null ? null : s.model().node(node);
        return n != null && n.cordon().cordoned();
    }
}
