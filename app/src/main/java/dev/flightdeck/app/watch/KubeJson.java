package dev.flightdeck.app.watch;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;


/** The one Jackson mapper for the wire format: tolerant of fields the console does not read. */
public final class KubeJson {

    public static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private KubeJson() {
    }


}
