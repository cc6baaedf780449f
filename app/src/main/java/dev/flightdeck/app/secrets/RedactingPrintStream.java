package dev.flightdeck.app.secrets;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * A print stream that writes whole lines, each redacted ({@link SecretText}), to the stream behind it. A PEM
 * private key printed line by line is caught as a block: from its BEGIN line to its END line nothing of it is
 * written. A partial line is held until its newline, a {@link #flush} (a prompt waits for one) or {@link #close}.
 */
final class RedactingPrintStream extends PrintStream {

    private static final Pattern PEM_BEGIN = Pattern.compile("-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----");
    private static final Pattern PEM_END = Pattern.compile("-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----");

    private final PrintStream target;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private boolean inPrivateKey;

    RedactingPrintStream(PrintStream target) {
        super(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        this.target = target;
    }

    @Override
    public synchronized void write(int b) {
        line.write(b);
        if (b == '\n') {
            emit();
        }
    }

    @Override
    public synchronized void write(byte[] buf, int off, int len) {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (buf[i] == '\n') {
                line.write(buf, start, i + 1 - start);
                emit();
                start = i + 1;
            }
        }
        line.write(buf, start, off + len - start);
    }

    @Override
    public synchronized void flush() {
        if (line.size() > 0) {
            emit();
        }
        target.flush();
    }

    @Override
    public synchronized void close() {
        flush();
        target.close();
    }

    @Override
    public boolean checkError() {
        return target.checkError();
    }

    private void emit() {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        boolean begins = PEM_BEGIN.matcher(text).find();
        boolean ends = PEM_END.matcher(text).find();
        if (inPrivateKey) {
            inPrivateKey = !ends; // the key's own lines, its END line included, are never written
        } else if (begins && !ends) {
            inPrivateKey = true;
            target.print(SecretText.PLACEHOLDER + (text.endsWith("\n") ? "\n" : ""));
        } else {
            target.print(SecretText.redact(text));
        }
        target.flush();
    }
}
