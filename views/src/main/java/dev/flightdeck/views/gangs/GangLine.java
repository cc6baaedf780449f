package dev.flightdeck.views.gangs;

import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.gangs.Gang;

import java.time.Instant;

/**
 * What one row of the gangs table shows: the gang, its checkpoint status (null until the
 * first read comes back) and the instant ages are measured at. Cells are pure functions of it.
 */
public record GangLine(Gang gang, CheckpointStatus checkpoint, Instant now) {
}
