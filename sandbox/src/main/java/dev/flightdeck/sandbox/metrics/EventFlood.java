package dev.flightdeck.sandbox.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * Simulated, not measured: a controller in a loop creates 150 Events a second (the
 * controller manager's core/v1 Event POSTs of the capture speed up). The stored
 * event count, {@code apiserver_storage_objects{resource="events"}} in 1.32, climbs
 * with it; events live for the server's default {@code --event-ttl} of one hour, so
 * after the flood stops the count falls back over that hour.
 */
final class EventFlood implements EpisodeEffect {

    static final double EVENTS_PER_SECOND = 150;
    static final double EVENT_TTL_SECONDS = 3600;

    private static final String CREATE = "code=\"201\",component=\"apiserver\",dry_run=\"\",group=\"\",resource=\"events\","
            + "scope=\"resource\",subresource=\"\",system_client=\"kube-controller-manager\",verb=\"POST\",version=\"v1\"";

    private final MetricsTable table;
    /** Simulated seconds each flood ran: {from, to}, {@code to} infinite while it runs. */
    private final List<double[]> floods = new ArrayList<>();
    private Series creates;

    EventFlood(MetricsTable table) {
        this.table = table;
    }

    @Override
    public synchronized void start(double t) {
        MetricsTable.Family requests = table.family(BaselineRates.REQUESTS);
        creates = table.ensure(requests, new Series(requests.name, CREATE, Series.Kind.COUNTER, 0, null, true));
        floods.add(new double[] {t, Double.POSITIVE_INFINITY});
    }

    @Override
    public synchronized void stop(double t) {
        floods.getLast()[1] = t;
    }

    @Override
    public synchronized boolean active() {
        return !floods.isEmpty() && Double.isInfinite(floods.getLast()[1]);
    }

    @Override
    public void addRates() {
        creates.rate += EVENTS_PER_SECOND;
    }

    /** Flood events still stored at {@code t}: those created within the last TTL. */
    synchronized double storedAt(double t) {
        double alive = 0;
        for (double[] f : floods) {
            alive += Math.max(0, Math.min(f[1], t) - Math.max(f[0], t - EVENT_TTL_SECONDS));
        }
        return Math.rint(alive * EVENTS_PER_SECOND);
    }
}
