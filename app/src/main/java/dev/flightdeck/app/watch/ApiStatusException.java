package dev.flightdeck.app.watch;

import java.io.IOException;

/** The API server answered with an error status (HTTP code, or an ERROR event in a watch). */
public final class ApiStatusException extends IOException {

    private final int code;

    public ApiStatusException(int code, String message) {
        super(message);
        this.code = code;
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
