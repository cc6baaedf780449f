package dev.flightdeck.drills;

import java.time.Duration;

/**
 * One line of a drill's timeline, on the drill's clock.
 *
 * @param at   real time since the drill started
 * @param kind a fault (struck, lifted, a stage reached), an operator's step, a change in the
 *             cluster, a mistake, or the drill itself starting and ending
 */
public record TimelineEvent(Duration at, Kind kind, String text) {

    public enum Kind { DRILL, FAULT, OPERATOR, CLUSTER, MISTAKE }
}
