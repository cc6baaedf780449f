package dev.flightdeck.app.watch;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The one Jackson mapper for the wire format: tolerant of fields the console does not read. */
public final class KubeJson {

    /**
     * kube-apiserver accepts and stores JSON nested up to 10,000 levels (a custom resource with
     * preserved unknown fields can hold it); Jackson's default of 1,000 would make one such
     * object break its whole LIST, so the console reads as deep as the server stores.
     */
    static final int MAX_NESTING = 10_000;

    public static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
                    .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(MAX_NESTING).build())
                    .build())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            // Typed objects (kube/) read the API's RFC 3339 times as Instants, and write them back the same way.
            .addModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule())
            .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .build();

    private KubeJson() {
    }
}
