package dev.flightdeck.app.actions.drain;

import java.util.List;

/**
 * What a drain of one node would do, before it does anything: the operator reads this, then confirms.
 *
 * @param evict    pods that will be evicted (or deleted, with disableEviction), in order
 * @param skipped  pods left alone and why (DaemonSet, mirror)
 * @param blockers pods that stop the drain before anything is evicted, and the consent that would allow it
 * @param pdbs     budgets covering evicted pods; those that {@link PdbHold#holds()} will make it wait
 * @param broken   gangs that lose a rank, with GPUs and GPU-hours at risk
 * @param breaker  what the fleet's circuit breaker says, or null when it was not consulted
 */
public record DrainPlan(String node, DrainOptions options, List<Eviction> evict, List<Skip> skipped,
                        List<Blocker> blockers, List<PdbHold> pdbs, List<BrokenGang> broken, CircuitBreaker.Check breaker) {

    public record Eviction(DrainPod pod, String note) {
    }

    public record Skip(DrainPod pod, String why) {
    }

    public record Blocker(DrainPod pod, String why, String consent) {
    }

    public DrainPlan {
        evict = List.copyOf(evict);
        skipped = List.copyOf(skipped);
        blockers = List.copyOf(blockers);
        pdbs = List.copyOf(pdbs);
        broken = List.copyOf(broken);
    }

    public DrainPlan(String node, DrainOptions options, List<Eviction> evict, List<Skip> skipped,
                     List<Blocker> blockers, List<PdbHold> pdbs, List<BrokenGang> broken) {
        this(node, options, evict, skipped, blockers, pdbs, broken, null);
    }

    /** The same plan with the circuit breaker's word on it. */
    public DrainPlan withBreaker(CircuitBreaker.Check check) {
        return new DrainPlan(node, options, evict, skipped, blockers, pdbs, broken, check);
    }

    /**
     * kubectl refuses the whole drain while any pod would be lost without consent; the console
     * also refuses while the circuit breaker trips.
     */
    public boolean canProceed() {
        return blockers.isEmpty() && (breaker == null || !breaker.trips());
    }

    /** A drain that halts a gang is confirmed by typing the node's name, not by one click. */
    public boolean needsTypedConfirmation() {
        return !broken.isEmpty();
    }

    public int gpusInBrokenGangs() {
        return broken.stream().mapToInt(BrokenGang::gpus).sum();
    }
}
