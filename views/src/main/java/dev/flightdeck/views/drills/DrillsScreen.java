package dev.flightdeck.views.drills;

import dev.flightdeck.views.screen.LazyScreen;
import dev.flightdeck.views.theme.Icons;
import org.kordamp.ikonli.Ikon;

/** The Drills screen: the scenarios to rehearse, the drill running and its report, the trend of past results. */
public final class DrillsScreen extends LazyScreen<DrillsView> {

    public static final String ID = "drills";

    private final DrillsViewModel drills;

    /** @param drills the drills of the console, which the banner above every screen also shows */
    public DrillsScreen(DrillsViewModel drills) {
        this.drills = drills;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Drills";
    }

    @Override
    public Ikon icon() {
        return Icons.DRILL;
    }

    @Override
    protected DrillsView build() {
        return new DrillsView(drills);
    }
}
