package dev.flightdeck.app.kube;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import dev.flightdeck.app.nodes.Rfc3339;

import java.io.IOException;
import java.time.Instant;

/**
 * Reads an object's own timestamps ({@code metadata.creationTimestamp}) as the watch's projectors read them
 * ({@link Rfc3339}): a time that is no RFC 3339 time is unknown (null), not a reason to lose the whole object.
 */
final class LenientTime extends JsonDeserializer<Instant> {

    @Override
    public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_STRING) {
            return Rfc3339.parseOrNull(p.getText());
        }
        p.skipChildren(); // a number, an object, an array: no time either
        return null;
    }
}
