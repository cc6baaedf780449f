package dev.flightdeck.app.pressure;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The real kube-apiserver 1.32 captures under src/test/resources/fixtures/kube-apiserver-1.32/. */
final class Fixtures {

    static final String METRICS = "apiserver-metrics.txt";
    static final String METRICS_APF_429 = "apiserver-metrics-apf-429.txt";

    private Fixtures() {
    }

    static byte[] bytes(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/kube-apiserver-1.32/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing fixture " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String text(String name) {
        return new String(bytes(name), StandardCharsets.UTF_8);
    }

    static Exposition parse(String text) throws MalformedResponseException {
        return ExpositionParser.parse(text.getBytes(StandardCharsets.UTF_8), FamilyFilter.ALL);
    }
}
