package dev.flightdeck.app.notify;

import dev.flightdeck.app.clusters.ClusterFleet;
import dev.flightdeck.app.clusters.OpenCluster;
import dev.flightdeck.app.settings.NotifySettings;
import dev.flightdeck.app.settings.SettingsFile;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Looks at every open cluster whose notifications are on, every two seconds, on a thread of its own, and hands what
 * {@link NotificationRules} finds worth telling to {@code told}. The settings are read again every 15 s and when
 * {@link #settingsChanged()} says so, so turning a cluster's notifications on takes effect without a restart.
 */
public final class NotificationWatch implements AutoCloseable {

    private static final Duration SETTINGS_EVERY = Duration.ofSeconds(15);

    private final ClusterFleet fleet;
    private final Supplier<SettingsFile.Loaded> settings;
    private final NotificationRules rules;
    private final Clock clock;
    private final Consumer<List<Notification>> told;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("notifications").daemon().unstarted(r));
    private final Set<String> watched = new HashSet<>();
    private final Set<String> baselined = new HashSet<>();
    private SettingsFile.Loaded loaded;
    private Instant loadedAt;
    private volatile boolean reread;

    public NotificationWatch(ClusterFleet fleet, Supplier<SettingsFile.Loaded> settings, Clock clock,
                             Consumer<List<Notification>> told) {
        this.fleet = fleet;
        this.settings = settings;
        this.clock = clock;
        this.rules = new NotificationRules(clock);
        this.told = told;
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::guardedLook, 0, 2, TimeUnit.SECONDS);
    }

    /** The settings file changed (a cluster's settings saved): read it again before the next look. */
    public void settingsChanged() {
        reread = true;
    }

    /** Which clusters are watched now (those open with notifications on), as of the last look. */
    public synchronized Set<String> watched() {
        return Set.copyOf(watched);
    }

    /** The clusters watched whose first whole look was taken: what changes there from now on is told. */
    public synchronized Set<String> telling() {
        return Set.copyOf(baselined);
    }

    private void guardedLook() {
        try {
            look();
        } catch (RuntimeException e) {
            // A bug here must not end the schedule (a task that throws is never run again), nor reach the person.
            System.getLogger(NotificationWatch.class.getName()).log(System.Logger.Level.WARNING, "notifications: " + e);
        }
    }

    void look() {
        Instant now = clock.instant();
        if (loaded == null || reread || Duration.between(loadedAt, now).compareTo(SETTINGS_EVERY) >= 0) {
            reread = false;
            loaded = settings.get();
            loadedAt = now;
        }
        List<Notification> out = new ArrayList<>();
        Set<String> on = new HashSet<>();
        for (OpenCluster c : fleet.clusters()) {
            NotifySettings n = loaded.forContext(c.name()).notifications();
            if (n.on()) {
                on.add(c.name());
                out.addAll(rules.observe(ClusterObservations.of(c), n.queueWait()));
            }
        }
        synchronized (this) {
            for (String gone : watched) {
                if (!on.contains(gone)) {
                    rules.forget(gone);
                }
            }
            watched.clear();
            watched.addAll(on);
            baselined.clear();
            on.stream().filter(rules::baselined).forEach(baselined::add);
        }
        out.addAll(rules.tick());
        if (!out.isEmpty()) {
            told.accept(out);
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
