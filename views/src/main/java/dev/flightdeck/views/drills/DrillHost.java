package dev.flightdeck.views.drills;

import dev.flightdeck.app.connect.ConnectionTarget;

/**
 * What the Drills screen asks of the rest of the console: put the operator on the drill's cluster
 * (the normal screens and actions, on a fresh sandbox) and, when the drill is over, put them back on
 * whatever they were looking at before. Implemented by the shell; FX thread.
 */
public interface DrillHost {

    /** Shows the drill's cluster on every screen (no switch when it is the cluster shown), remembering what was shown before. */
    void showDrillCluster(ConnectionTarget target);

    /** Shows again what was shown before the drill. */
    void restore();
}
