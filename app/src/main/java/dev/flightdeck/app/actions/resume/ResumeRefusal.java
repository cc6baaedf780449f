package dev.flightdeck.app.actions.resume;

/**
 * Why a resume cannot be planned, in one line for the person (a running gang, an unsupported
 * workload kind, no usable checkpoint, no containers to tell). Nothing was changed.
 */
public final class ResumeRefusal extends dev.flightdeck.app.actions.ActionRefused {

    public ResumeRefusal(String line) {
        super(line);
    }
}
