package dev.flightdeck.app.connect;

import io.fabric8.kubernetes.api.model.AuthInfo;
import io.fabric8.kubernetes.api.model.Cluster;
import io.fabric8.kubernetes.api.model.NamedAuthInfo;
import io.fabric8.kubernetes.api.model.NamedCluster;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * Checks the certificate files and data a context names before a client is built from them, as
 * kubectl checks them when it loads a kubeconfig: each one that is missing, unreadable, not a
 * file, not base64 or holding no certificate is one line naming the field, the file and the
 * cluster or user. fabric8 would otherwise fail later with a bare exception, or — for a CA —
 * fall back to the machine's trust store without a word.
 */
final class TlsMaterial {

    private TlsMaterial() {
    }

    static void check(io.fabric8.kubernetes.api.model.Config kubeconfig, KubeContext ctx) throws ConnectionProblem {
        Cluster cluster = first(kubeconfig.getClusters(), ctx.cluster());
        if (cluster != null) {
            String owner = "of cluster '" + ctx.cluster() + "'";
            if (!blank(cluster.getCertificateAuthorityData())) {
                certificates(data("certificate-authority-data " + owner, cluster.getCertificateAuthorityData(), ProblemKind.TLS),
                        "certificate-authority-data " + owner, ProblemKind.TLS);
            } else if (!blank(cluster.getCertificateAuthority())) {
                String what = "certificate-authority " + cluster.getCertificateAuthority() + " " + owner;
                certificates(read(what, Path.of(cluster.getCertificateAuthority()), ProblemKind.TLS), what, ProblemKind.TLS);
            }
        }
        AuthInfo user = kubeconfig.getUsers() == null ? null : kubeconfig.getUsers().stream()
                .filter(u -> Objects.equals(u.getName(), ctx.user()) && u.getUser() != null)
                .map(NamedAuthInfo::getUser).findFirst().orElse(null);
        if (user != null) {
            String owner = "of user '" + ctx.user() + "'";
            if (!blank(user.getClientCertificateData())) {
                certificates(data("client-certificate-data " + owner, user.getClientCertificateData(), ProblemKind.CREDENTIALS),
                        "client-certificate-data " + owner, ProblemKind.CREDENTIALS);
            } else if (!blank(user.getClientCertificate())) {
                String what = "client-certificate " + user.getClientCertificate() + " " + owner;
                certificates(read(what, Path.of(user.getClientCertificate()), ProblemKind.CREDENTIALS), what, ProblemKind.CREDENTIALS);
            }
            if (!blank(user.getClientKeyData())) {
                data("client-key-data " + owner, user.getClientKeyData(), ProblemKind.CREDENTIALS);
            } else if (!blank(user.getClientKey())) {
                read("client-key " + user.getClientKey() + " " + owner, Path.of(user.getClientKey()), ProblemKind.CREDENTIALS);
            }
        }
    }

    private static Cluster first(List<NamedCluster> clusters, String name) {
        return clusters == null ? null : clusters.stream().filter(c -> Objects.equals(c.getName(), name))
                .map(NamedCluster::getCluster).filter(Objects::nonNull).findFirst().orElse(null);
    }

    private static byte[] read(String what, Path file, ProblemKind kind) throws ConnectionProblem {
        if (Files.isDirectory(file)) {
            throw new ConnectionProblem(kind, what + " cannot be read: it is a directory, not a file");
        }
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ConnectionProblem(kind, what + " cannot be read: it does not exist");
        } catch (AccessDeniedException e) {
            throw new ConnectionProblem(kind, what + " cannot be read: permission denied");
        } catch (IOException e) {
            throw new ConnectionProblem(kind, what + " cannot be read: " + e.getClass().getSimpleName());
        }
    }

    private static byte[] data(String what, String base64, ProblemKind kind) throws ConnectionProblem {
        try {
            return Base64.getMimeDecoder().decode(base64.strip());
        } catch (IllegalArgumentException e) {
            throw new ConnectionProblem(kind, what + " is not base64");
        }
    }

    private static void certificates(byte[] pem, String what, ProblemKind kind) throws ConnectionProblem {
        try {
            if (CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(pem)).isEmpty()) {
                throw new CertificateException("none");
            }
        } catch (CertificateException | RuntimeException e) {
            throw new ConnectionProblem(kind, what + " holds no PEM certificate");
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
