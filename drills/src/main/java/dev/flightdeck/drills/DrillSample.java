package dev.flightdeck.drills;

import java.time.Duration;

/**
 * The cluster once a second during a drill, for the report's chart.
 *
 * @param gpusInService GPUs on trusted nodes that are open for scheduling (not cordoned, not gated)
 * @param gangsRunning  the drill's gangs that are running
 * @param gpusIdle      GPUs of the drill's gangs that are not running (halted, deleted, pending)
 */
public record DrillSample(Duration at, int gpusInService, int gpusTotal, int gangsRunning, int gangs, int gpusIdle) {
}
