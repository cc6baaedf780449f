package dev.flightdeck.sandbox.metrics;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * The simulated {@code /metrics} of the sandbox API server: the captured series
 * set, grown to the current simulated time at baseline rates plus those of the
 * active episodes. Nothing runs in the background: each render first brings every
 * counter up to date, and each episode switch does so before rates change, so a
 * counter's history is exactly the sum of the rates it had.
 */
final class MetricsSimulation {

    /** Successful API requests per second while no episode is on. */
    static final double REQUESTS_PER_SECOND = 300;

    private final SimulatedTime time;
    private final MetricsTable table;
    private final Map<Episode, EpisodeEffect> episodes = new EnumMap<>(Episode.class);
    final ApfStorm storm;
    final ReadyzFailure readyz;
    private double now;
    private int renderedLength = 1 << 21;

    MetricsSimulation(SimulatedTime time, ToIntFunction<String> stored) {
        this.time = time;
        this.table = new MetricsTable(MetricsTemplate.load());
        BaselineRates.assign(table, REQUESTS_PER_SECOND);
        this.storm = new ApfStorm(table, REQUESTS_PER_SECOND);
        this.readyz = new ReadyzFailure(table);
        EventFlood flood = new EventFlood(table);
        episodes.put(Episode.APF_429_STORM, storm);
        episodes.put(Episode.SERVER_ERRORS_5XX, new ServerErrorBurst(table));
        episodes.put(Episode.READYZ_FAILING, readyz);
        episodes.put(Episode.EVENT_FLOOD, flood);
        LiveGauges.assign(table, stored, storm, flood, time.started());
    }

    synchronized void start(Episode episode) {
        EpisodeEffect effect = episodes.get(episode);
        if (!effect.active()) {
            catchUp();
            effect.start(now);
            recomputeRates();
        }
    }

    synchronized void stop(Episode episode) {
        EpisodeEffect effect = episodes.get(episode);
        if (effect.active()) {
            catchUp();
            effect.stop(now);
            recomputeRates();
        }
    }

    synchronized boolean isActive(Episode episode) {
        return episodes.get(episode).active();
    }

    synchronized Set<Episode> active() {
        Set<Episode> on = EnumSet.noneOf(Episode.class);
        episodes.forEach((e, effect) -> {
            if (effect.active()) {
                on.add(e);
            }
        });
        return on;
    }

    /** The exposition at the current simulated time. */
    synchronized String render() {
        catchUp();
        StringBuilder out = new StringBuilder(renderedLength + 4096);
        table.render(out, now);
        renderedLength = out.length();
        return out.toString();
    }

    private void catchUp() {
        double to = time.seconds();
        if (to > now) {
            table.advance(to - now);
            now = to;
        }
    }

    private void recomputeRates() {
        table.resetRates();
        for (EpisodeEffect effect : episodes.values()) {
            if (effect.active()) {
                effect.addRates();
            }
        }
    }
}
