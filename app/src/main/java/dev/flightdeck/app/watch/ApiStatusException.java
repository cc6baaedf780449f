package dev.flightdeck.app.watch;

import java.io.IOException;

/** The API server answered with an error status (HTTP code, or an ERROR event in a watch). */
public final class ApiStatusException extends IOException {

    private final int code;
    private long retryAfterMillis;

    public ApiStatusException(int code, String message) {
        super(message);
        this.code = code;
    }

    /** The server's Retry-After (whole seconds, as kube-apiserver sends with a 429), when it sent one. */
    public ApiStatusException withRetryAfter(String header) {
        if (header != null) {
            try {
                retryAfterMillis = Math.min(600_000, Math.max(0, Long.parseLong(header.trim())) * 1000);
            } catch (NumberFormatException httpDate) {
                // An HTTP date is allowed by RFC 9110 but not sent by kube-apiserver: the back-off applies.
            }
        }
        return this;
    }

    /** How long the server asked to wait before the next attempt, in ms; 0 when it did not say. */
    public long retryAfterMillis() {
        return retryAfterMillis;
    }

    public int code() {
        return code;
    }

    /** 410 Gone: the resourceVersion is too old; the only cure is a fresh LIST. */
    public boolean isGone() {
        return code == 410;
    }

    public boolean isAuthProblem() {
        return code == 401 || code == 403;
    }
}
