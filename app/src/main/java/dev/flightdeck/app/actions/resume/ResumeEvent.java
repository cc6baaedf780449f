package dev.flightdeck.app.actions.resume;

import dev.flightdeck.app.actions.StepEvent;

import java.nio.file.Path;
import java.time.Duration;

/** What a resume reports while it runs, one per step, for the progress view. */
public sealed interface ResumeEvent extends StepEvent {

    record Saved(String workload, int pods, Path journalFile) implements ResumeEvent {
        public String line() {
            return "saved " + workload + " and its " + pods + (pods == 1 ? " pod" : " pods") + " to " + journalFile;
        }
    }

    record Deleting(String workload, String propagation) implements ResumeEvent {
        public String line() {
            return "deleting " + workload + " (propagationPolicy " + propagation + ": its pods go before it does)";
        }
    }

    record Deleted(String workload, int pods, Duration took) implements ResumeEvent {
        public String line() {
            return workload + " and its " + pods + (pods == 1 ? " pod are" : " pods are") + " gone after "
                    + took.toMillis() / 1000.0 + " s";
        }
    }

    record Created(String workload, String uid, String env, int containers) implements ResumeEvent {
        public String line() {
            return "created " + workload + " (uid " + uid + ") with " + env + " in " + containers
                    + (containers == 1 ? " container" : " containers");
        }
    }

    record CreateFailed(String workload, String why) implements ResumeEvent {
        public String line() {
            return "creating " + workload + " failed: " + why + "; restoring the original";
        }
    }

    record Restored(String workload, String uid) implements ResumeEvent {
        public String line() {
            return "the original " + workload + " was created again (uid " + uid + ")";
        }
    }

    /** The new ranks seen so far: created pods and how many are Running or Pending. */
    record Ranks(int created, int expected, int running, int pending) implements ResumeEvent {
        public String line() {
            return created + " of " + expected + " ranks created: " + running + " Running, " + pending + " Pending";
        }
    }

    record Finished(ResumeOutcome outcome) implements ResumeEvent {
        public String line() {
            return outcome.summary();
        }

        @Override
        public boolean isLast() {
            return true;
        }
    }
}
