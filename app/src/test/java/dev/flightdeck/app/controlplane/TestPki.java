package dev.flightdeck.app.controlplane;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A throw-away PKI for one run of the real control plane: a CA, the API server's serving
 * certificate, client certificates for the controllers and for test users, and the service
 * account signing key. Everything is generated in memory and written under the run's directory
 * as PEM; nothing here is ever committed. EC P-256 keys keep generation in the milliseconds.
 */
final class TestPki {

    /** A certificate and its key, written as {@code NAME.crt} and {@code NAME.key}; {@code store} holds both for a Java server. */
    record Issued(Path cert, Path key, KeyStore store) {
    }

    /** The password of every {@link Issued#store()}: it never leaves the test's memory. */
    static final char[] STORE_PASSWORD = "test".toCharArray();

    private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());
    private static final Duration VALIDITY = Duration.ofDays(2);

    private final Path dir;
    private final KeyPair caKeys;
    private final X509CertificateHolder ca;
    private final Path caFile;

    TestPki(Path dir) {
        this.dir = dir;
        try {
            caKeys = ecKeys();
            X500Name name = new X500Name("CN=flightdeck-test-ca");
            X509v3CertificateBuilder b = builder(name, name, caKeys.getPublic());
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign
                    | KeyUsage.digitalSignature));
            ca = b.build(signer(caKeys.getPrivate()));
            caFile = write("ca.crt", pem("CERTIFICATE", ca.getEncoded()));
            write("ca.key", pem("PRIVATE KEY", caKeys.getPrivate().getEncoded()));
        } catch (GeneralSecurityException | IOException | OperatorCreationException e) {
            throw new IllegalStateException("cannot make the test CA: " + e.getMessage(), e);
        }
    }

    Path caCert() {
        return caFile;
    }

    Path caKey() {
        return dir.resolve("ca.key");
    }

    /** A serving certificate for {@code hosts} (IP addresses or DNS names). */
    Issued server(String fileName, List<String> hosts) {
        List<GeneralName> sans = new ArrayList<>();
        for (String h : hosts) {
            sans.add(new GeneralName(h.matches("[0-9.]+|.*:.*") ? GeneralName.iPAddress : GeneralName.dNSName, h));
        }
        return issue(fileName, new X500Name("CN=" + fileName), KeyPurposeId.id_kp_serverAuth,
                new GeneralNames(sans.toArray(GeneralName[]::new)));
    }

    /** A client certificate: the API server reads the user from CN and the groups from O. */
    Issued client(String fileName, String user, String... groups) {
        X500NameBuilder n = new X500NameBuilder(BCStyle.INSTANCE);
        for (String g : groups) {
            n.addRDN(BCStyle.O, g);
        }
        n.addRDN(BCStyle.CN, user);
        return issue(fileName, n.build(), KeyPurposeId.id_kp_clientAuth, null);
    }

    /** The service account token key pair, as {@code sa.key} (private) and {@code sa.pub}. */
    Issued serviceAccountKeys() {
        try {
            KeyPair kp = ecKeys();
            Path key = write("sa.key", pem("PRIVATE KEY", kp.getPrivate().getEncoded()));
            Path pub = write("sa.pub", pem("PUBLIC KEY", kp.getPublic().getEncoded()));
            return new Issued(pub, key, null);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private Issued issue(String fileName, X500Name subject, KeyPurposeId purpose, GeneralNames sans) {
        try {
            KeyPair kp = ecKeys();
            X509v3CertificateBuilder b = builder(ca.getSubject(), subject, kp.getPublic());
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
            b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose));
            if (sans != null) {
                b.addExtension(Extension.subjectAlternativeName, false, sans);
            }
            X509CertificateHolder cert = b.build(signer(caKeys.getPrivate()));
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            var x509 = new JcaX509CertificateConverter().getCertificate(cert);
            var caX509 = new JcaX509CertificateConverter().getCertificate(ca);
            store.setKeyEntry(fileName, kp.getPrivate(), STORE_PASSWORD, new java.security.cert.Certificate[]{x509, caX509});
            return new Issued(write(fileName + ".crt", pem("CERTIFICATE", cert.getEncoded())),
                    write(fileName + ".key", pem("PRIVATE KEY", kp.getPrivate().getEncoded())), store);
        } catch (GeneralSecurityException | IOException | OperatorCreationException e) {
            throw new IllegalStateException("cannot issue " + fileName + ": " + e.getMessage(), e);
        }
    }

    private static X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, PublicKey key) {
        Instant now = Instant.now();
        return new JcaX509v3CertificateBuilder(issuer, BigInteger.valueOf(SERIAL.incrementAndGet()),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(VALIDITY)), subject, key);
    }

    private static ContentSigner signer(PrivateKey key) throws OperatorCreationException {
        return new JcaContentSignerBuilder("SHA256withECDSA").build(key);
    }

    private static KeyPair ecKeys() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    private static String pem(String type, byte[] der) {
        String pem = "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
                + "\n-----END " + type + "-----\n";
        if (type.contains("PRIVATE KEY")) {
            dev.flightdeck.testkit.TestSecrets.rememberKey(pem);
        }
        return pem;
    }

    private Path write(String name, String content) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, content);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
