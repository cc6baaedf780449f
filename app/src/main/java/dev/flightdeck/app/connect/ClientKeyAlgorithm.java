package dev.flightdeck.app.connect;

import io.fabric8.kubernetes.client.Config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;

/**
 * The algorithm of a client key given in PKCS#8 form ({@code BEGIN PRIVATE KEY}), which does not
 * name it. kubectl reads any such key; fabric8 assumes RSA unless told (it recognises only
 * {@code BEGIN EC PRIVATE KEY} as EC), so an EC or Ed25519 client certificate in PKCS#8 — what
 * {@code openssl genpkey}, step-ca or a Java PKI writes — failed with "Invalid DER". Found
 * against the real API server with a P-256 client certificate.
 */
final class ClientKeyAlgorithm {

    private static final String PKCS8 = "-----BEGIN PRIVATE KEY-----";

    private ClientKeyAlgorithm() {
    }

    /** Sets {@code clientKeyAlgo} when the key is PKCS#8 and not RSA; leaves everything else to fabric8. */
    static void apply(Config config) throws IOException {
        String pem = pem(config);
        if (pem == null || !pem.contains(PKCS8)) {
            return;
        }
        String body = pem.substring(pem.indexOf(PKCS8) + PKCS8.length());
        int end = body.indexOf("-----END");
        byte[] der = Base64.getMimeDecoder().decode(end < 0 ? body : body.substring(0, end));
        for (String algorithm : new String[]{"RSA", "EC", "Ed25519", "Ed448"}) {
            try {
                KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
                config.setClientKeyAlgo(algorithm);
                return;
            } catch (java.security.GeneralSecurityException notThisOne) {
                // try the next algorithm
            }
        }
    }

    private static String pem(Config config) throws IOException {
        if (config.getClientKeyData() != null && !config.getClientKeyData().isBlank()) {
            return new String(Base64.getDecoder().decode(config.getClientKeyData().trim()), StandardCharsets.UTF_8);
        }
        if (config.getClientKeyFile() != null && !config.getClientKeyFile().isBlank()) {
            return Files.readString(Path.of(config.getClientKeyFile()));
        }
        return null;
    }
}
