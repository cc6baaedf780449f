package dev.flightdeck.app.pressure;

import java.util.EnumMap;
import java.util.Map;

/**
 * The amber and red bounds of each judged signal. Signals without a threshold (request rate,
 * in-flight, watches, overall latency, object count) are shown and charted but never raise a
 * level: what is normal for them depends on the cluster's size and the server's flags.
 *
 * <p>Defaults, and why:
 * <ul>
 *   <li>429 share: 1% / 5%. Clients retry 429s, so a little is tolerable; 5% means real work is waiting.</li>
 *   <li>5xx share: 0.5% / 2%. Nearer the availability SLOs of managed control planes (99.5%+).</li>
 *   <li>APF rejected share (worst priority level): any / 5%. A rejection is dropped work, so the
 *       first is worth a look.</li>
 *   <li>APF queued requests (worst priority level): 10 / 100.</li>
 *   <li>APF queue wait p99: 0.5 s / 5 s. The wait is added to every queued request's latency.</li>
 *   <li>GET and write p99: 1 s / 4 s. The upstream SLO is 1 s for single-object calls.</li>
 *   <li>LIST p99: 5 s / 30 s. The upstream SLO is 5 s for namespace and 30 s for cluster LISTs.</li>
 *   <li>etcd p99 (slowest non-list operation): 100 ms / 500 ms. A healthy etcd answers in a few ms.</li>
 *   <li>etcd errors: any / 1 per second.</li>
 *   <li>Events stored: 100k / 500k. Each event is an etcd object; floods slow every LIST and compaction.</li>
 * </ul>
 */
public final class PressureThresholds {

    public static final PressureThresholds DEFAULTS = new PressureThresholds(new EnumMap<>(Map.ofEntries(
            Map.entry(Signal.THROTTLED_SHARE, new Threshold(1, 5)),
            Map.entry(Signal.SERVER_ERROR_SHARE, new Threshold(0.5, 2)),
            Map.entry(Signal.APF_REJECTED_SHARE, Threshold.anyAbove0(5)),
            Map.entry(Signal.APF_IN_QUEUE, new Threshold(10, 100)),
            Map.entry(Signal.APF_WAIT_P99, new Threshold(0.5, 5)),
            Map.entry(Signal.GET_P99, new Threshold(1, 4)),
            Map.entry(Signal.MUTATING_P99, new Threshold(1, 4)),
            Map.entry(Signal.LIST_P99, new Threshold(5, 30)),
            Map.entry(Signal.ETCD_P99, new Threshold(0.1, 0.5)),
            Map.entry(Signal.ETCD_ERROR_RATE, Threshold.anyAbove0(1)),
            Map.entry(Signal.EVENT_OBJECTS, new Threshold(100_000, 500_000)))));

    private final EnumMap<Signal, Threshold> bySignal;

    private PressureThresholds(EnumMap<Signal, Threshold> bySignal) {
        this.bySignal = bySignal;
    }

    /** The threshold of a signal, or null when the signal is informational only. */
    public Threshold of(Signal signal) {
        return bySignal.get(signal);
    }

    /** A copy with one threshold changed (null makes the signal informational). */
    public PressureThresholds with(Signal signal, Threshold threshold) {
        EnumMap<Signal, Threshold> changed = new EnumMap<>(bySignal);
        if (threshold == null) {
            changed.remove(signal);
        } else {
            changed.put(signal, threshold);
        }
        return new PressureThresholds(changed);
    }

    public Map<Signal, Threshold> asMap() {
        return Map.copyOf(bySignal);
    }
}
