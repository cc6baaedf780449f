package dev.flightdeck.app.gangs;

import dev.flightdeck.app.nodes.PodFacts;

import java.util.Optional;

/**
 * One gang system's reading of a pod's labels and annotations: which gang it belongs
 * to and its rank, exactly as that system's controller labels its pods. Empty when
 * the pod is not one of this system's.
 */
public interface GangAdapter {

    Optional<PodRank> identify(PodFacts pod);

    /** A label or, failing that, an annotation (controllers differ in which they set). */
    static String attr(PodFacts pod, String key) {
        String v = pod.labels().get(key);
        return v != null ? v : pod.annotations().get(key);
    }

    static int index(String value) {
        if (value == null) {
            return -1;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
