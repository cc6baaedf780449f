package dev.flightdeck.drills;

import java.time.Instant;

/** A mistake the drill watched for and saw: which, when, and what exactly was done. */
public record MistakeMade(Scenario.Mistake mistake, Instant at, String what) {
}
