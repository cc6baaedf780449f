package dev.flightdeck.app.clusters;

import dev.flightdeck.app.checkpoints.GangRisk;
import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.pressure.Level;
import dev.flightdeck.app.pressure.PressureReading;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.watch.WatchHealth;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Reads one open cluster into its overview row. Any thread but the FX thread: a gang's checkpoint
 * may be an object-store read (cached per the cluster's interval).
 */
public final class ClusterSummaries {

    private ClusterSummaries() {
    }

    public static ClusterSummary of(OpenCluster c, Instant now) {
        ClusterSession s = c.session();
        if (s == null) {
            return switch (c.stage()) {
                case FAILED -> empty(c, ClusterSummary.Connection.CANNOT_CONNECT, c.problem());
                case CLOSED -> empty(c, ClusterSummary.Connection.CANNOT_CONNECT, "closed");
                // Trying again after a failure: the last reason stays on the row until an attempt succeeds.
                default -> c.problem() != null
                        ? empty(c, ClusterSummary.Connection.CANNOT_CONNECT, c.problem() + " (trying again…)")
                        : empty(c, ClusterSummary.Connection.CONNECTING, "connecting…");
            };
        }
        List<WatchHealth> watchers = s.watcherHealth();
        WatchHealth combined = WatchHealth.combine(c.name(), watchers);
        ClusterSummary.Connection connection = switch (combined.phase()) {
            case LIVE -> ClusterSummary.Connection.LIVE;
            case SYNCING -> ClusterSummary.Connection.SYNCING;
            case RECONNECTING -> ClusterSummary.Connection.RECONNECTING;
            case FAILED, STOPPED -> ClusterSummary.Connection.FAILED;
        };
        GangRisk risk = GangRisk.of(s.fleet().gangs(), g -> s.checkpoints().read(g.annotations()), now);
        PressureReading reading = s.pressure().tracker().latest();
        Level level = reading == null || reading.failed() ? null : reading.assessment().level();
        String headline = reading == null ? "no /metrics reading yet" : reading.assessment().headline();
        return new ClusterSummary(c.name(), connection, combined.describe(), age(combined, now),
                s.fleet().snapshotSummary(), risk, level, headline, s.tlsVerificationOff());
    }

    /** The age of the stalest watched kind (the combined health's data), or null before every kind has data. */
    static Duration age(WatchHealth combined, Instant now) {
        if (combined.newest() == null) {
            return null;
        }
        Duration age = Duration.between(combined.newest(), now);
        return age.isNegative() ? Duration.ZERO : age;
    }

    /** A cluster not open (yet): its kubeconfig entry still says whether TLS verification is off. */
    private static ClusterSummary empty(OpenCluster c, ClusterSummary.Connection connection, String words) {
        return new ClusterSummary(c.name(), connection, words, null, NodeSummary.EMPTY, GangRisk.NONE, null, "",
                c.target().tlsVerificationOff());
    }
}
