package dev.flightdeck.app.actions.resume;

import java.time.Duration;

/**
 * How long a resume waits.
 *
 * @param deleteTimeout until the old workload and all its pods are gone (their grace periods run first)
 * @param startTimeout  until the new workload's ranks are created and Pending or Running
 * @param poll          between checks
 */
public record ResumeOptions(Duration deleteTimeout, Duration startTimeout, Duration poll) {

    /** Training pods often have long grace periods to flush logs; five minutes covers the usual 30-120 s. */
    public static final ResumeOptions DEFAULTS = new ResumeOptions(Duration.ofMinutes(5), Duration.ofMinutes(5),
            Duration.ofSeconds(1));
}
