package dev.flightdeck.app.watch;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;

import java.io.EOFException;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads one object at a time from a LIST or WATCH stream through a projector, and skips an
 * object the projector cannot read — a missing name, a wrong-typed field, a GPU count that is
 * no number — to its closing brace, so the objects after it are read as usual. What the stream
 * itself cannot survive (JSON that is not JSON, nesting past the parser's limit, a connection
 * that broke) is thrown: the watcher reconnects.
 */
final class TolerantReader<T> {

    private static final System.Logger LOG = System.getLogger(TolerantReader.class.getName());

    private final String resource;
    private final Projector<T> projector;
    private final AtomicLong skipped = new AtomicLong();
    private volatile String last;

    TolerantReader(String resource, Projector<T> projector) {
        this.resource = resource;
        this.projector = projector;
    }

    /** The object the parser is on (its START_OBJECT current), or null when it was skipped. */
    Projector.Projected<T> read(JsonParser p) throws IOException {
        // At START_OBJECT the parsing context is the object's own; its parent is where we return to.
        int depth = p.getParsingContext().getNestingDepth();
        try {
            return projector.read(p);
        } catch (BadObject | RuntimeException e) {
            skipToEnd(p, depth);
            skip(e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": "
                    + e.getMessage(), e);
            return null;
        } catch (StackOverflowError e) {
            // deep nesting read by a recursive deserializer: this object only, not the watcher's thread
            skipToEnd(p, depth);
            skip("nested too deep to read", null);
            return null;
        } catch (JsonMappingException e) {
            if (!(e.getCause() == null || e.getCause() instanceof JsonProcessingException)) {
                throw e; // the connection failed while Jackson was reading
            }
            skipToEnd(p, depth);
            // Never Jackson's message: it quotes the value, which may be a megabyte or a secret.
            Class<?> wanted = e instanceof com.fasterxml.jackson.databind.exc.MismatchedInputException m
                    ? m.getTargetType() : null;
            skip("a field of the wrong type at " + path(e) + (wanted == null ? "" : " (not a " + wanted.getSimpleName()
                    .replace("Dto", "").toLowerCase(java.util.Locale.ROOT) + ")"), e);
            return null;
        }
    }

    /** The JSON path of the failure, e.g. {@code metadata.labels}, from field names and indexes only. */
    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                b.append(b.isEmpty() ? "" : ".").append(Shown.quotedIfOdd(r.getFieldName()));
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.isEmpty() ? "the object's top" : b.toString();
    }

    SkippedObjects skipped() {
        return new SkippedObjects(resource, skipped.get(), last);
    }

    private void skip(String why, Exception e) {
        skipped.incrementAndGet();
        last = why;
        LOG.log(System.Logger.Level.WARNING, resource + ": an object was not shown: " + why);
        if (e != null) {
            LOG.log(System.Logger.Level.DEBUG, resource + ": skipped object", e);
        }
    }

    /**
     * Out of the object opened at {@code depth}: the projector may have stopped anywhere inside it,
     * on its END_OBJECT, or past it (Jackson's readValue clears the END_OBJECT it consumed).
     */
    private static void skipToEnd(JsonParser p, int depth) throws IOException {
        while (p.getParsingContext().getNestingDepth() >= depth) {
            JsonToken t = p.currentToken();
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                p.skipChildren(); // onto its matching end, its context left
                if (p.getParsingContext().getNestingDepth() < depth) {
                    return;
                }
            }
            if (p.nextToken() == null) {
                throw new EOFException("the stream ended inside an object");
            }
        }
    }
}
