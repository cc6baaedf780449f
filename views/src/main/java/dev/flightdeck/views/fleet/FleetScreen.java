package dev.flightdeck.views.fleet;

import dev.flightdeck.app.clusters.ClusterFleet;
import dev.flightdeck.views.screen.LazyScreen;
import dev.flightdeck.views.theme.Icons;
import javafx.application.Platform;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.value.ObservableBooleanValue;
import org.kordamp.ikonli.Ikon;

import java.time.Clock;
import java.util.function.BiConsumer;

/**
 * The Fleet screen: one row per open cluster, each cell a link into that cluster's screen and filter. Offered once
 * two clusters are open: with one, the Nodes screen is the overview.
 */
public final class FleetScreen extends LazyScreen<FleetView> {

    public static final String ID = "fleet";

    private final FleetViewModel fleet;
    private final BooleanBinding offered;
    private final BiConsumer<String, FleetLink> open;

    /** @param open a cell's link: that cluster on screen, the screen and filter the cell counts */
    public FleetScreen(ClusterFleet clusters, Clock clock, BiConsumer<String, FleetLink> open) {
        this.fleet = new FleetViewModel(clusters, clock, Platform::runLater);
        this.offered = fleet.clustersProperty().greaterThan(1);
        this.open = open;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Fleet";
    }

    @Override
    public Ikon icon() {
        return Icons.FLEET;
    }

    @Override
    public ObservableBooleanValue offered() {
        return offered;
    }

    @Override
    protected FleetView build() {
        return new FleetView(fleet, open);
    }

    /** The open clusters' summaries, which the search field and the status bar read too. */
    public FleetViewModel model() {
        return fleet;
    }

    @Override
    public void stop() {
        fleet.close();
    }
}
