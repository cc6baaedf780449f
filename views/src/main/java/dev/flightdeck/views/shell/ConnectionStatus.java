package dev.flightdeck.views.shell;

import dev.flightdeck.app.nodes.Ages;
import dev.flightdeck.app.watch.WatchHealth;
import dev.flightdeck.app.watch.WatchPhase;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The words of the connection indicator, as a pure function of a cluster's watch
 * health and the clock: {@code live · data 3s old},
 * {@code reconnecting (attempt 2): connection refused · data 1m old}.
 */
public record ConnectionStatus(WatchPhase phase, String text) {

    /** A kind silent this long while others bring news is named: its watch may be stalled, or it is just quiet. */
    static final Duration QUIET = Duration.ofMinutes(2);

    public static ConnectionStatus of(WatchHealth h, Instant now) {
        String age = h.newest() == null
                ? "no data yet"
                : "data " + Ages.format(Duration.between(h.newest(), now)) + " old";
        return new ConnectionStatus(h.phase(), h.describe() + " · " + age);
    }

    /**
     * A whole cluster from its watchers: the data's age is the freshest kind's (what the screen shows is that new),
     * and a kind with no news for {@link #QUIET} is named with its own age. Counting from the stalest kind put
     * "data 97s old" beside "1,279 updates/s", which reads as a contradiction.
     */
    public static ConnectionStatus of(WatchHealth combined, List<WatchHealth> parts, Instant now) {
        Instant freshest = null;
        WatchHealth quietest = null;
        for (WatchHealth w : parts) {
            if (w.phase() == WatchPhase.FAILED || w.newest() == null) {
                continue;
            }
            if (freshest == null || w.newest().isAfter(freshest)) {
                freshest = w.newest();
            }
            if (quietest == null || w.newest().isBefore(quietest.newest())) {
                quietest = w;
            }
        }
        if (freshest == null) {
            return new ConnectionStatus(combined.phase(), combined.describe() + " · no data yet");
        }
        StringBuilder text = new StringBuilder(combined.describe()).append(" · data ")
                .append(Ages.format(Duration.between(freshest, now))).append(" old");
        Duration silent = Duration.between(quietest.newest(), now);
        if (silent.compareTo(QUIET) >= 0 && !quietest.newest().equals(freshest)) {
            text.append(" · no news from ").append(quietest.resource()).append(" for ").append(Ages.format(silent));
        }
        return new ConnectionStatus(combined.phase(), text.toString());
    }

    /** One watcher, for the tooltip: {@code nodes: live · data 3s old}. */
    public static String line(WatchHealth h, Instant now) {
        return h.resource() + ": " + of(h, now).text();
    }
}
