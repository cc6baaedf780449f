package dev.flightdeck.app.kube;

import java.util.List;

/**
 * The {@code Status} the API server answers a failed request with (and some successful deletes): its message, the
 * machine-readable reason ({@code NotFound}, {@code TooManyRequests}), the HTTP code, and the details' causes, where
 * an Eviction refused by a PodDisruptionBudget says which budget and why.
 */
public record StatusObject(String status, String message, String reason, Integer code, Details details) {

    public StatusObject {
        message = message == null ? "" : message;
        reason = reason == null ? "" : reason;
        details = details == null ? new Details(null, null, null, List.of(), null) : details;
    }

    public record Details(String name, String group, String kind, List<Cause> causes, Integer retryAfterSeconds) {
        public Details {
            causes = causes == null ? List.of() : causes;
        }
    }

    /** One cause: {@code DisruptionBudget} with the budget's words, or a field's validation error. */
    public record Cause(String reason, String message, String field) {
        public Cause {
            message = message == null ? "" : message;
        }
    }

    /** The first cause's message, or "" when the Status gives none. */
    public String firstCause() {
        return details.causes().isEmpty() ? "" : details.causes().getFirst().message();
    }
}
