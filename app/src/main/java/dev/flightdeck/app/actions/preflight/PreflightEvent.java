package dev.flightdeck.app.actions.preflight;

import dev.flightdeck.app.actions.StepEvent;

/** What a re-preflight reports while it runs, for the progress view and the journal. */
public sealed interface PreflightEvent extends StepEvent {

    record JobCreated(String job, int gpus, long deadlineSeconds) implements PreflightEvent {
        public String line() {
            return "created validation Job " + job + " (" + gpus + " GPUs, deadline " + deadlineSeconds + " s)";
        }
    }

    record Gated(String node, String taint, String label) implements PreflightEvent {
        public String line() {
            return "gated " + node + " with " + taint + ", label " + label;
        }
    }

    /** The scheduler's reason the pod is still Pending (PodScheduled=False); sent again only when it changes. */
    record Unschedulable(String pod, String reason) implements PreflightEvent {
        public String line() {
            return "validation pod " + pod + " is Pending: " + reason;
        }
    }

    record Scheduled(String pod, String node) implements PreflightEvent {
        public String line() {
            return "validation pod " + pod + " scheduled on " + node;
        }
    }

    record Running(String pod) implements PreflightEvent {
        public String line() {
            return "validation pod " + pod + " is running";
        }
    }

    record Finished(PreflightOutcome outcome) implements PreflightEvent {
        public String line() {
            return outcome.summary();
        }

        @Override
        public boolean isLast() {
            return true;
        }
    }
}
