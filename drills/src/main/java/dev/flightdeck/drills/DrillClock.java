package dev.flightdeck.drills;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The one clock of a drill: every fault, operator step and state change is placed on it as time
 * since the start. Measured times (to detect, mitigate, recover) are real time. The schedule (when
 * a fault strikes, how long a storm lasts) runs {@code pace} times faster than real time: 1 for a
 * person, higher to rehearse a runbook in CI without waiting out the quiet minutes.
 */
public final class DrillClock {

    private final Clock wall;
    private final Instant start;
    private final double pace;

    public DrillClock(Clock wall, double pace) {
        if (!(pace >= 1 && pace <= 100)) {
            throw new IllegalArgumentException("the pace must be between 1 and 100, not " + pace);
        }
        this.wall = wall;
        this.pace = pace;
        this.start = wall.instant();
    }

    public Instant start() {
        return start;
    }

    public Instant now() {
        return wall.instant();
    }

    public double pace() {
        return pace;
    }

    /** Real time since the start. */
    public Duration elapsed() {
        return since(now());
    }

    /** Real time from the start to {@code at}. */
    public Duration since(Instant at) {
        return Duration.between(start, at);
    }

    /** Whether a scheduled moment ({@code at} after the start, in schedule time) has come. */
    public boolean reached(Duration scheduled) {
        return elapsed().toNanos() * pace >= scheduled.toNanos();
    }

    /** A span of schedule time in real time. */
    public Duration real(Duration scheduled) {
        return Duration.ofNanos((long) (scheduled.toNanos() / pace));
    }

    /**
     * When a gang counts as stalled in the drill: the standard ten idle minutes on the schedule, in the whole
     * minutes a cluster's setting holds (at least one), so that a hung collective is told within a paced drill's run.
     * The drill's observer judges with it and the responder's settings carry it.
     */
    public static dev.flightdeck.app.settings.StallThresholds stallThresholds(double pace) {
        var standard = dev.flightdeck.app.settings.StallThresholds.DEFAULTS;
        long minutes = Math.max(1, Math.round(standard.window().toMinutes() / pace));
        return standard.withStall(standard.idleBelowPercent(), Duration.ofMinutes(minutes));
    }

    /**
     * How often the drill's observer reads GPU telemetry: six times a stall window ({@link #stallThresholds}), at most
     * every 30 s as the console does. A stall is told at the first read a window after its GPUs went idle, so six reads a
     * window tell it within a sixth of the window of being due (10 s at a pace of 10), and a restarted gang is seen
     * working as soon. Reading faster buys nothing a drill judges, and each read scrapes every node's exporter.
     */
    public static Duration telemetryInterval(double pace) {
        Duration sixth = stallThresholds(pace).window().dividedBy(6);
        Duration console = dev.flightdeck.app.telemetry.TelemetryPoller.DEFAULT_INTERVAL;
        return sixth.compareTo(console) < 0 ? sixth : console;
    }

    /** {@code mm:ss} (or {@code h:mm:ss}) since the start, as the timeline and the banner show it. */
    public static String offset(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format("%02d:%02d", s / 60, s % 60);
    }
}
