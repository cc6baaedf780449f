package dev.flightdeck.app.clusters;

import dev.flightdeck.app.checkpoints.GangRisk;
import dev.flightdeck.app.nodes.NodeSummary;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.pressure.Level;

import java.time.Duration;
import java.util.Comparator;

/**
 * One row of the fleet overview: how a cluster is connected and how old its data is, its GPUs and
 * nodes by verdict, its gangs halted and at risk with the GPU-hours a failure now would cost, and
 * the API server's pressure headline.
 *
 * @param connectionWords the connection in words: "live", "reconnecting (attempt 3): …", the reason it cannot be opened
 * @param dataAge         how old the stalest watched kind's data is; null before any data
 * @param pressureLevel   null before the first /metrics reading (or when it failed)
 * @param tlsVerificationOff the cluster's kubeconfig entry turns TLS verification off (said on the row, whatever
 *                        the connection: a cluster that cannot connect is still reached that way when it can)
 */
public record ClusterSummary(String name, Connection connection, String connectionWords, Duration dataAge,
                             NodeSummary fleet, GangRisk gangs, Level pressureLevel, String pressureHeadline,
                             boolean tlsVerificationOff) {

    /** How a cluster is connected, worst first. */
    public enum Connection {
        /** Opening failed (credentials refused, server unreachable at connect, broken kubeconfig entry). */
        CANNOT_CONNECT("cannot connect"),
        /** A watch was refused outright (401, 403): part of the cluster cannot be seen. */
        FAILED("failed"),
        RECONNECTING("reconnecting"),
        CONNECTING("connecting"),
        SYNCING("syncing"),
        LIVE("live");

        private final String label;

        Connection(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** Whether the cluster's counts can be believed (it is live, or was once and is catching up). */
        public boolean readable() {
            return this == LIVE || this == RECONNECTING;
        }
    }

    /**
     * Worst first: a cluster nobody can see (it might hold anything; one still connecting or syncing
     * is not seen yet either), then the one that halts the most
     * gangs, risks the most GPU-hours, has the most gangs at risk, the most GPUs out of service, the
     * worst API-server pressure; then by name.
     */
    public static final Comparator<ClusterSummary> WORST_FIRST = Comparator
            .comparing(ClusterSummary::connection)
            .thenComparing(Comparator.comparingInt((ClusterSummary s) -> s.gangs().stopped()).reversed())
            .thenComparing(Comparator.comparingDouble((ClusterSummary s) -> s.gangs().gpuHoursAtRisk()).reversed())
            .thenComparing(Comparator.comparingInt((ClusterSummary s) -> s.gangs().atRiskGangs()).reversed())
            .thenComparing(Comparator.comparingInt(ClusterSummary::gpusOutOfService).reversed())
            .thenComparing(s -> s.pressureLevel() == null ? 0 : -s.pressureLevel().ordinal())
            .thenComparing(ClusterSummary::name);

    public int gpusOutOfService() {
        return fleet.gpusTotal() - fleet.gpusUsable();
    }

    public int nodes(NodeVerdict v) {
        return fleet.nodes(v);
    }

    /** Whether anything on the row asks for a person: not live, a gang stopped or at risk, GPUs out, pressure. */
    public boolean needsAttention() {
        return connection != Connection.LIVE || gangs.stopped() > 0 || gangs.atRiskGangs() > 0
                || gpusOutOfService() > 0 || pressureLevel != null && pressureLevel != Level.OK;
    }
}
