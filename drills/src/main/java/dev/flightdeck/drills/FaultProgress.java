package dev.flightdeck.drills;

import dev.flightdeck.drills.Scenario.Fault;
import dev.flightdeck.drills.Scenario.Goal;

import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * How far one fault of a running drill has come: when it struck (and lifted), which goals have
 * been met and when, and so when it was detected (any detected goal), mitigated and recovered
 * (all goals of the stage). Goals, once met, stay met. Only the drill's engine thread touches it.
 */
final class FaultProgress {

    final Fault fault;
    Subjects subjects;
    Instant injectedAt;
    String injected;
    Instant liftedAt;
    /** When the observer's model first showed the fault (state goals are judged from then on). */
    Instant seenAt;
    private final Map<Goal, Instant> met = new EnumMap<>(Goal.class);

    FaultProgress(Fault fault) {
        this.fault = fault;
    }

    boolean injected() {
        return injectedAt != null;
    }

    boolean isMet(Goal g) {
        return met.containsKey(g);
    }

    void meet(Goal g, Instant at) {
        met.putIfAbsent(g, at.isBefore(injectedAt) ? injectedAt : at);
    }

    Map<Goal, Instant> met() {
        return Map.copyOf(met);
    }

    Instant detected() {
        return fault.detected().stream().map(met::get).filter(java.util.Objects::nonNull).min(Instant::compareTo)
                .orElse(null);
    }

    Instant mitigated() {
        return all(fault.mitigated());
    }

    Instant recovered() {
        return all(fault.recovered());
    }

    /** When the fault reached the last stage its scenario sets, or null. */
    Instant done() {
        if (!fault.recovered().isEmpty()) {
            return recovered();
        }
        return !fault.mitigated().isEmpty() ? mitigated() : detected();
    }

    private Instant all(List<Goal> goals) {
        if (goals.isEmpty()) {
            return null;
        }
        Instant last = null;
        for (Goal g : goals) {
            Instant at = met.get(g);
            if (at == null) {
                return null;
            }
            last = last == null || at.isAfter(last) ? at : last;
        }
        return last;
    }
}
