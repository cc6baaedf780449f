package dev.flightdeck.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Reads test fixtures: real captures under fixtures/kube-apiserver-1.32/ (see the README beside them). */
public final class Fixtures {

    private Fixtures() {
    }

    public static byte[] bytes(String path) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] capture(String name) {
        return bytes("kube-apiserver-1.32/" + name);
    }
}
