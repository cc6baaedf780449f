package dev.flightdeck.app.pressure;

import java.util.Set;

/** How the labels of {@code apiserver_request_*} series sort a request: probe or load, read or write, failed or not. */
final class RequestKinds {

    /** Verbs that change state; {@code APPLY} is server-side apply as the metrics name it. */
    static final Set<String> MUTATING_VERBS = Set.of("POST", "PUT", "PATCH", "DELETE", "DELETECOLLECTION", "APPLY");

    private RequestKinds() {
    }

    /**
     * Health probes ({@code /readyz}, {@code /livez}, {@code /healthz} and their sub-checks) are
     * not load, and their 500s while the server starts are a readiness story that the readiness
     * checks tell better; counting them would also turn every restart into a 5xx alarm.
     * Non-resource requests carry their path in {@code subresource}.
     */
    static boolean isHealthProbe(Labels labels) {
        if (!labels.get("resource").isEmpty()) {
            return false;
        }
        String path = labels.get("subresource");
        return path.startsWith("/readyz") || path.startsWith("/livez") || path.startsWith("/healthz");
    }

    /** Long-running verbs: their duration is the life of a watch or a stream, not a latency. */
    static boolean isLongRunning(Labels labels) {
        String verb = labels.get("verb");
        return verb.equals("WATCH") || verb.equals("CONNECT");
    }

    static boolean isThrottled(Labels labels) {
        return labels.get("code").equals("429");
    }

    static boolean isServerError(Labels labels) {
        String code = labels.get("code");
        return code.length() == 3 && code.charAt(0) == '5';
    }

    /**
     * A resource as people write it: {@code pods}, {@code deployments.apps},
     * {@code pods/eviction}; a non-resource request by its path ({@code /apis}).
     */
    static String resourceName(Labels labels) {
        String resource = labels.get("resource");
        String subresource = labels.get("subresource");
        if (resource.isEmpty()) {
            return subresource.isEmpty() ? "(none)" : subresource;
        }
        return qualified(resource, labels.get("group")) + (subresource.isEmpty() ? "" : "/" + subresource);
    }

    static String qualified(String resource, String group) {
        return group.isEmpty() ? resource : resource + "." + group;
    }
}
