package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.views.actions.ActionsController;
import dev.flightdeck.views.screen.LazyScreen;
import dev.flightdeck.views.screen.Navigator;
import dev.flightdeck.views.teams.TeamsViewModel;
import dev.flightdeck.views.telemetry.TelemetrySnapshot;
import dev.flightdeck.views.theme.Icons;
import javafx.beans.value.ObservableValue;
import org.kordamp.ikonli.Ikon;

/**
 * The Gangs screen: the gangs table, the selected gang's rank map, rank details and checkpoint (with its resume
 * action), coloured by the GPU telemetry and filtered by team. From a rank it links to the rank's node, and behind a
 * gang to its YAML, logs and Events.
 */
public final class GangsScreen extends LazyScreen<GangsView> {

    public static final String ID = "gangs";

    private final GangsViewModel gangs;
    private final GangKindsStatus kinds;
    private final ObservableValue<TelemetrySnapshot> telemetry;
    private final ActionsController actions;
    private final TeamsViewModel teams;
    private final GangEvidence evidence;
    private final Navigator navigator;

    public GangsScreen(GangsViewModel gangs, GangKindsStatus kinds, ObservableValue<TelemetrySnapshot> telemetry,
                       ActionsController actions, TeamsViewModel teams, GangEvidence evidence, Navigator navigator) {
        this.gangs = gangs;
        this.kinds = kinds;
        this.telemetry = telemetry;
        this.actions = actions;
        this.teams = teams;
        this.evidence = evidence;
        this.navigator = navigator;
        gangs.setShowing(false); // until the screen is built and shown
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Gangs";
    }

    @Override
    public Ikon icon() {
        return Icons.GANGS;
    }

    @Override
    protected GangsView build() {
        GangsView view = new GangsView(gangs, kinds, navigator::openNode, telemetry);
        view.setResume(actions::openResume, actions::whyNotResume);
        gangs.nodeTeamsProperty().bind(teams.nodeTeamsProperty());
        view.showTeamFilter(teams.teamNames());
        view.setEvidence(evidence);
        return view;
    }

    /** That gang selected, and its rank {@code rank} ({@code -1}: none in particular), the table focused. */
    public void select(GangKey gang, int rank) {
        if (rank < 0) {
            gangs.select(gang);
        } else {
            gangs.select(gang, rank);
        }
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

    @Override
    public void stop() {
        if (built()) {
            view().stop();
        }
    }
}
