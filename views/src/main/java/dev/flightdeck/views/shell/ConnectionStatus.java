package dev.flightdeck.views.shell;

import dev.flightdeck.app.fleet.Ages;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;

import java.time.Duration;
import java.time.Instant;

/**
 * The words of the connection indicator, as a pure function of a cluster's watch
 * health and the clock: {@code live · data 3s old},
 * {@code reconnecting (attempt 2): connection refused · data 1m old}.
 */
public record ConnectionStatus(WatchPhase phase, String text) {

    public static ConnectionStatus of(WatchHealth h, Instant now) {
        String age = h.newest() == null
                ? "no data yet"
                : "data " + Ages.format(Duration.between(h.newest(), now)) + " old";
        return new ConnectionStatus(h.phase(), h.describe() + " · " + age);
    }

    /** One watcher, for the tooltip: {@code nodes: live · data 3s old}. */
    public static String line(WatchHealth h, Instant now) {
        return h.resource() + ": " + of(h, now).text();
    }
}
