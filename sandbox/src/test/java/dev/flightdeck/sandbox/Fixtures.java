package dev.flightdeck.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Reads real captures under fixtures/kube-apiserver-1.32/ (provenance in the README beside them). */
final class Fixtures {

    private Fixtures() {
    }

    static byte[] capture(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/kube-apiserver-1.32/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
