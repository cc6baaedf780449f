package dev.flightdeck.app.connect;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.cert.Certificate;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Why a TLS handshake with the API server failed, in an operator's words: the certificate is
 * for other names, is not signed by the CA the kubeconfig names (or, with none named, by one this
 * machine trusts), or has expired. To name what the server presented, the certificate is read once
 * more on a connection that trusts anything and is closed right after the handshake — nothing is
 * sent on it; trust is still decided only by the failed connection.
 */
final class TlsDiagnosis {

    private static final int PEEK_TIMEOUT_MS = 5_000;

    private TlsDiagnosis() {
    }

    /** @param caSource where the kubeconfig's CA comes from (a path, "certificate-authority-data"), or null */
    static String explain(Throwable error, String server, String caSource) {
        String messages = chainMessages(error);
        Optional<X509Certificate> presented = peek(server);
        String subject = presented.map(c -> " (" + c.getSubjectX500Principal().getName() + ")").orElse("");
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CertificateExpiredException || t instanceof CertificateNotYetValidException) {
                return "the server's certificate" + subject + " is outside its validity"
                        + presented.map(c -> " (" + c.getNotBefore().toInstant() + " to " + c.getNotAfter().toInstant() + ")").orElse("");
            }
        }
        if (messages.contains("no subject alternative") || messages.contains("no name matching")) {
            String host = URI.create(server).getHost();
            return "the server's certificate is for " + presented.map(TlsDiagnosis::names).orElse("other names") + ", not " + host
                    + " — the kubeconfig's server address must be one of the names the certificate holds";
        }
        if (messages.contains("certification path") || messages.contains("certpath") || messages.contains("trust anchor")
                || messages.contains("not trusted")) {
            return caSource == null
                    ? "the server's certificate" + subject + " is not signed by a CA this machine trusts, and the kubeconfig"
                            + " names no certificate-authority for the cluster"
                    : "the server's certificate" + subject + " is not signed by the kubeconfig's certificate-authority ("
                            + caSource + ")";
        }
        return null;
    }

    private static String chainMessages(Throwable error) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            b.append(t.getClass().getSimpleName()).append(' ').append(t.getMessage()).append('\n');
        }
        return b.toString().toLowerCase(java.util.Locale.ROOT);
    }

    /** The names a certificate is for: its DNS and IP subject alternative names, else its CN. */
    static String names(X509Certificate cert) {
        List<String> names = new ArrayList<>();
        try {
            if (cert.getSubjectAlternativeNames() != null) {
                for (List<?> san : cert.getSubjectAlternativeNames()) {
                    Object kind = san.get(0);
                    if (Integer.valueOf(2).equals(kind) || Integer.valueOf(7).equals(kind)) {
                        names.add(String.valueOf(san.get(1)));
                    }
                }
            }
        } catch (java.security.cert.CertificateParsingException ignored) {
            // fall back to the subject
        }
        if (names.isEmpty()) {
            names.add(cert.getSubjectX500Principal().getName());
        }
        return String.join(", ", names);
    }

    /** The certificate the server presents, read without trusting it; empty when it cannot be had in time. */
    private static Optional<X509Certificate> peek(String server) {
        try {
            URI uri = URI.create(server);
            if (!"https".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
                return Optional.empty();
            }
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, new TrustManager[]{new OnlyLooks()}, null);
            try (SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket()) {
                s.connect(new InetSocketAddress(uri.getHost(), uri.getPort() < 0 ? 443 : uri.getPort()), PEEK_TIMEOUT_MS);
                s.setSoTimeout(PEEK_TIMEOUT_MS);
                s.startHandshake();
                Certificate[] chain = s.getSession().getPeerCertificates();
                return chain.length > 0 && chain[0] instanceof X509Certificate x ? Optional.of(x) : Optional.empty();
            }
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** Accepts any certificate, for {@link #peek} only: that connection is closed without sending a byte. */
    private static final class OnlyLooks implements X509TrustManager {
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
