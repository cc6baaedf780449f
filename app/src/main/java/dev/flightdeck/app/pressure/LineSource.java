package dev.flightdeck.app.pressure;

import java.io.IOException;
import java.io.InputStream;

/**
 * Hands out the body one line at a time, as a range of a byte buffer: an array is read in
 * place, a stream through a buffer that is refilled and grows only to the longest line
 * (bounded, so a body without newlines cannot exhaust the heap). The format requires every
 * line, the last included, to end in a line feed; a body that stops mid-line was cut off.
 */
final class LineSource {

    static final int MAX_LINE_BYTES = 1 << 20;

    private final InputStream in; // null when reading an array
    private byte[] buf;
    private int pos;
    private int limit;
    private boolean exhausted;
    private long bytesRead;

    private int lineStart;
    private int lineEnd;
    private int lineNumber;

    private LineSource(InputStream in, byte[] buf, int limit) {
        this.in = in;
        this.buf = buf;
        this.limit = limit;
        this.exhausted = in == null;
        this.bytesRead = in == null ? limit : 0;
    }

    static LineSource of(byte[] body) {
        return new LineSource(null, body, body.length);
    }

    static LineSource of(InputStream in) {
        return new LineSource(in, new byte[64 * 1024], 0);
    }

    /** Moves to the next line; false at the end of the body. */
    boolean next() throws MalformedResponseException, IOException {
        int from = pos;
        while (true) {
            int newline = indexOfNewline(from);
            if (newline >= 0) {
                lineStart = pos;
                lineEnd = newline;
                pos = newline + 1;
                lineNumber++;
                return true;
            }
            if (exhausted) {
                if (pos < limit) {
                    throw new MalformedResponseException(lineNumber + 1,
                            "the body ends in the middle of this line (truncated?)");
                }
                return false;
            }
            from = limit - pos; // the part already searched stays searched after the refill
            refill();
            from += pos;
        }
    }

    private int indexOfNewline(int from) {
        byte[] b = buf;
        for (int i = from; i < limit; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private void refill() throws MalformedResponseException, IOException {
        int pending = limit - pos;
        if (pending == buf.length) {
            if (buf.length >= MAX_LINE_BYTES) {
                throw new MalformedResponseException(lineNumber + 1,
                        "a line longer than " + (MAX_LINE_BYTES >> 20) + " MiB (not a metrics body?)");
            }
            byte[] bigger = new byte[buf.length * 2];
            System.arraycopy(buf, pos, bigger, 0, pending);
            buf = bigger;
        } else if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, pending);
        }
        pos = 0;
        limit = pending;
        int read = in.read(buf, limit, buf.length - limit);
        if (read < 0) {
            exhausted = true;
        } else {
            limit += read;
            bytesRead += read;
        }
    }

    byte[] buffer() {
        return buf;
    }

    int lineStart() {
        return lineStart;
    }

    int lineEnd() {
        return lineEnd;
    }

    int lineNumber() {
        return lineNumber;
    }

    long bytesRead() {
        return bytesRead;
    }
}
