package dev.flightdeck.app.actions.preflight;

import dev.flightdeck.app.nodes.PreflightConvention;

import java.util.regex.Pattern;

/**
 * How a re-preflight runs on this cluster.
 *
 * @param gate                    the gate key for the taint, label and annotations (conventions §2)
 * @param namespace               where validation Jobs run; created when missing. {@code flightdeck-system}
 *                                by default: a namespace of the console's own, so quotas and RBAC for
 *                                validation can be granted without touching workload namespaces
 * @param check                   image and command of the validation pod
 * @param activeDeadlineSeconds   the Job's deadline: counted from the Job's start, so it also bounds the
 *                                time a pod waits unscheduled
 * @param ttlSecondsAfterFinished how long a finished Job (and its pod and log) is kept for inspection
 */
public record PreflightSettings(PreflightConvention gate, String namespace, ValidationCheck check,
                                long activeDeadlineSeconds, long ttlSecondsAfterFinished) {

    /** Declared before DEFAULTS, which the constructor validates with it. */
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

    public static final String DEFAULT_NAMESPACE = "flightdeck-system";

    /** vectorAdd with a 10-minute deadline (time to pull the image on a fresh node), kept an hour after. */
    public static final PreflightSettings DEFAULTS = new PreflightSettings(PreflightConvention.DEFAULT,
            DEFAULT_NAMESPACE, ValidationCheck.CUDA_VECTOR_ADD, 600, 3600);

    public PreflightSettings {
        if (gate == null || check == null) {
            throw new IllegalArgumentException("preflight settings need a gate key and a validation check");
        }
        if (namespace == null || !DNS_LABEL.matcher(namespace).matches()) {
            throw new IllegalArgumentException("preflight namespace '" + namespace
                    + "' is not a valid namespace name (lower-case letters, digits and '-', at most 63)");
        }
        if (activeDeadlineSeconds < 1) {
            throw new IllegalArgumentException("preflight deadline must be at least 1 s, not " + activeDeadlineSeconds);
        }
        if (ttlSecondsAfterFinished < 0) {
            throw new IllegalArgumentException("ttlSecondsAfterFinished must not be negative, not " + ttlSecondsAfterFinished);
        }
    }

    public PreflightSettings withCheck(ValidationCheck c) {
        return new PreflightSettings(gate, namespace, c, activeDeadlineSeconds, ttlSecondsAfterFinished);
    }

    public PreflightSettings withDeadlineSeconds(long seconds) {
        return new PreflightSettings(gate, namespace, check, seconds, ttlSecondsAfterFinished);
    }
}
