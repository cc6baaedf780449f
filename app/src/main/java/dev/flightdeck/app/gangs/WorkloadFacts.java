package dev.flightdeck.app.gangs;

import java.time.Instant;
import java.util.Map;

/**
 * What a gang object says about its gang: how many ranks it needs, its phase in its own
 * words, and its flightdeck.dev/ annotations (where checkpoints are announced).
 *
 * @param expected ranks the object asks for; 0 when it does not say
 * @param phase    the object's own phase or last true condition, e.g. Running, Complete, Failed; null when none
 */
public record WorkloadFacts(GangKey key, int expected, String phase, Map<String, String> annotations, Instant created) {

    public WorkloadFacts {
        annotations = Map.copyOf(annotations);
    }

    public boolean finished() {
        return "Complete".equals(phase) || "Completed".equals(phase) || "Succeeded".equals(phase)
                || "Finished".equals(phase);
    }

    public boolean failed() {
        return "Failed".equals(phase);
    }
}
