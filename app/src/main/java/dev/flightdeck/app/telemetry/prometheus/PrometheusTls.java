package dev.flightdeck.app.telemetry.prometheus;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Collection;

/**
 * The TLS a configured Prometheus is reached with: the system's CAs, the CAs of a PEM file the settings name (a lab's
 * own CA), or — only when a person sets {@code insecureSkipTlsVerify} — no verification at all, which the source then
 * says wherever it is described.
 */
final class PrometheusTls {

    private PrometheusTls() {
    }

    static SSLContext systemDefault() throws IOException {
        try {
            return SSLContext.getDefault();
        } catch (GeneralSecurityException e) {
            throw new IOException("the system's TLS setup cannot be used: " + e.getMessage(), e);
        }
    }

    /** Trusts exactly the certificates of {@code caFile}. */
    static SSLContext trusting(Path caFile) throws IOException {
        Collection<? extends Certificate> cas;
        try (InputStream in = Files.newInputStream(caFile)) {
            cas = java.security.cert.CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (NoSuchFileException e) {
            throw new IOException("the Prometheus caFile " + caFile + " does not exist", e);
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new IOException("the Prometheus caFile " + caFile + " holds no PEM certificate", e);
        }
        if (cas.isEmpty()) {
            throw new IOException("the Prometheus caFile " + caFile + " holds no PEM certificate");
        }
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate c : cas) {
                store.setCertificateEntry("ca-" + i++, c);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, tmf.getTrustManagers(), null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IOException("the Prometheus caFile " + caFile + " cannot be used: " + e.getMessage(), e);
        }
    }

    /**
     * Accepts any certificate for any name. An {@link X509ExtendedTrustManager} is given the whole check, the host
     * name's included, so this one skips both, for this client only (the JDK's switch for that is process-wide).
     */
    static SSLContext unverified() throws IOException {
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, new TrustManager[]{new TrustAll()}, null);
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IOException("TLS cannot be set up: " + e.getMessage(), e);
        }
    }

    private static final class TrustAll extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
