package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.actions.StepEvent;

/** What a drain reports while it runs, for the progress view and the journal. */
public sealed interface DrainEvent extends StepEvent {

    record Cordoned(String node) implements DrainEvent {
        public String line() {
            return "cordoned " + node;
        }
    }

    record Replanned(int toEvict, String changes) implements DrainEvent {
        public String line() {
            return "listed the node's pods again after cordoning: " + toEvict + " to evict" + changes;
        }
    }

    record Evicting(DrainPod pod) implements DrainEvent {
        public String line() {
            return "evicting " + pod.ref();
        }
    }

    /** The budget refused (429); the drain tries again in 5 s. */
    record Blocked(DrainPod pod, String why, int attempt) implements DrainEvent {
        public String line() {
            return pod.ref() + " held by a disruption budget (attempt " + attempt + "): " + why;
        }
    }

    record Gone(DrainPod pod, int done, int total) implements DrainEvent {
        public String line() {
            return pod.ref() + " gone (" + done + "/" + total + ")";
        }
    }

    record PodFailed(DrainPod pod, String why) implements DrainEvent {
        public String line() {
            return pod.ref() + " could not be evicted: " + why;
        }
    }

    record Finished(DrainOutcome outcome) implements DrainEvent {
        public String line() {
            return outcome.summary();
        }

        @Override
        public boolean isLast() {
            return true;
        }
    }
}
