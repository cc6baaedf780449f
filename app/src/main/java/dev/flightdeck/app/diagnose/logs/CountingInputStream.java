package dev.flightdeck.app.diagnose.logs;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes read through it and ends the stream at {@code limit} (null: no limit). The server stops at
 * {@code limitBytes} as well, so reaching the limit means the log was (or may have been) cut there.
 */
final class CountingInputStream extends FilterInputStream {

    private final long limit;
    private long count;

    CountingInputStream(InputStream in, Long limit) {
        super(in);
        this.limit = limit == null ? Long.MAX_VALUE : limit;
    }

    @Override
    public int read() throws IOException {
        if (count >= limit) {
            return -1;
        }
        int b = super.read();
        if (b >= 0) {
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (count >= limit) {
            return -1;
        }
        int n = super.read(b, off, (int) Math.min(len, limit - count));
        if (n > 0) {
            count += n;
        }
        return n;
    }

    long count() {
        return count;
    }

    /** The log reached the limit: what came after it, if anything, was not read. */
    boolean cut() {
        return count >= limit;
    }
}
