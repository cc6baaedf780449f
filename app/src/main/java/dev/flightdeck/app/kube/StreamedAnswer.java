package dev.flightdeck.app.kube;

import dev.flightdeck.app.watch.StatusBodies;

import java.io.IOException;
import java.io.InputStream;

/**
 * An answer whose body is read as it arrives (a log, a followed log) instead of held whole: the status code, and
 * the body as a stream the caller reads and closes. Closing it also cancels a request still streaming, so whoever
 * holds it can stop a follow from another thread. An error answer's body is small (a Status), and is read into
 * {@link #message()} at once.
 */
public final class StreamedAnswer implements AutoCloseable {

    private static final int MAX_ERROR_BODY = 8192;

    private final int code;
    private final InputStream body;
    private final String message;

    StreamedAnswer(int code, InputStream body) {
        this.code = code;
        if (code >= 200 && code < 300) {
            this.body = body == null ? InputStream.nullInputStream() : body;
            this.message = "";
        } else {
            String m;
            try (InputStream in = body) {
                m = StatusBodies.message(in == null ? new byte[0] : in.readNBytes(MAX_ERROR_BODY));
            } catch (IOException e) {
                m = "";
            }
            this.body = InputStream.nullInputStream();
            this.message = m.isEmpty() ? "HTTP " + code : m;
        }
    }

    public int code() {
        return code;
    }

    public boolean ok() {
        return code >= 200 && code < 300;
    }

    /** The body; empty for an error answer. */
    public InputStream body() {
        return body;
    }

    /** The server's own words for an error answer ("pods \"x\" not found"), or "HTTP 500"; "" when ok. */
    public String message() {
        return message;
    }

    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException ignored) {
            // closing only to release the connection
        }
    }
}
