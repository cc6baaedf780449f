package dev.flightdeck.app.cli;

import dev.flightdeck.app.connect.TlsVerification;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.launch.LaunchOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real kube-apiserver (its serving certificate signed by the run's own CA) reached three ways from
 * one kubeconfig: {@code checked} names the CA; {@code skipped} names no CA and says
 * {@code insecure-skip-tls-verify: true}; {@code unchecked} names neither. {@code check} reaches
 * {@code skipped} and says first that TLS verification is off; {@code unchecked} is refused with the
 * one-line TLS problem even with fabric8's trust-all property set; {@code checked} says nothing of TLS.
 */
@ExtendWith(RealKube.class)
class TlsVerificationOffRealTest {

    private static final String WORDS = TlsVerification.OFF;
    private static Path kubeconfig;
    private static String server;

    @BeforeAll
    static void kubeconfig(RealCluster real, @TempDir Path dir) throws Exception {
        server = real.plane().server();
        real.kubelet().registerGpuNode(RealCluster.unique("tls-off"), 8, Map.of()); // something for the report to count
        // The admin's token, already registered with the secrets scan by the control plane.
        Matcher token = Pattern.compile("token: (\\S+)").matcher(Files.readString(real.plane().adminKubeconfig()));
        assertTrue(token.find());
        kubeconfig = Files.writeString(dir.resolve("three-ways.kubeconfig"), """
                apiVersion: v1
                kind: Config
                clusters:
                - name: with-ca
                  cluster: {server: "%1$s", certificate-authority: "%2$s"}
                - name: skip-verify
                  cluster: {server: "%1$s", insecure-skip-tls-verify: true}
                - name: nothing-said
                  cluster: {server: "%1$s"}
                users:
                - name: admin
                  user: {token: "%3$s"}
                contexts:
                - {name: checked, context: {cluster: with-ca, user: admin}}
                - {name: skipped, context: {cluster: skip-verify, user: admin}}
                - {name: unchecked, context: {cluster: nothing-said, user: admin}}
                current-context: checked
                """.formatted(server, real.plane().caCert(), token.group(1)));
    }

    private record Run(int exit, List<String> out, String err) {
    }

    private static Run check(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] all = java.util.stream.Stream.concat(java.util.stream.Stream.of("check", "--kubeconfig", kubeconfig.toString()),
                java.util.Arrays.stream(args)).toArray(String[]::new);
        int exit = CheckCommand.run(LaunchOptions.parse(all), Map.of("HOME", System.getProperty("java.io.tmpdir")),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8).lines().toList(), err.toString(StandardCharsets.UTF_8));
    }

    private static String refusal() {
        return "TLS with " + server + " failed: the server's certificate (CN=apiserver) is not signed by a CA this machine"
                + " trusts, and the kubeconfig names no certificate-authority for the cluster";
    }

    @Test
    void checkOnAContextThatSkipsVerificationSaysSoFirst() throws Exception {
        Run skipped = check("--context", "skipped");
        assertEquals(0, skipped.exit(), skipped.err());
        assertEquals(TlsVerification.explain("skipped", server), skipped.out().getFirst(), "the header says it");
        assertTrue(skipped.out().getFirst().startsWith(WORDS + ": "));
        assertTrue(skipped.out().get(1).matches("\\d+ GPU nodes.*, \\d+/\\d+ GPUs usable.*"), "then the report: " + skipped.out());
        assertEquals(1, skipped.out().stream().filter(l -> l.contains(WORDS)).count(), "said once");

        Run checked = check("--context", "checked");
        assertEquals(0, checked.exit(), checked.err());
        assertTrue(checked.out().getFirst().matches("\\d+ GPU nodes.*, \\d+/\\d+ GPUs usable.*"), checked.out().getFirst());
        assertTrue(checked.out().stream().noneMatch(l -> l.contains("TLS")), "a verified cluster: no word of TLS");
    }

    @Test
    void theSameServerWithNeitherFlagNorCaIsRefusedEvenWithFabric8sTrustAllPropertySet() throws Exception {
        String before = System.getProperty("kubernetes.trust.certificates");
        System.setProperty("kubernetes.trust.certificates", "true");
        try {
            Run unchecked = check("--context", "unchecked");
            assertEquals(CheckCommand.UNREADABLE, unchecked.exit(), unchecked.out().toString());
            assertEquals("flightdeck: " + refusal() + "\n", unchecked.err(), "one line, the existing TLS problem");
            assertEquals(List.of(), unchecked.out());
        } finally {
            if (before == null) {
                System.clearProperty("kubernetes.trust.certificates");
            } else {
                System.setProperty("kubernetes.trust.certificates", before);
            }
        }
    }

    @Test
    void theFleetCheckSaysItOnTheClustersRowAndAtTheHeadOfItsReport() throws Exception {
        Run fleet = check("--context", "checked,skipped,unchecked");
        assertEquals(0, fleet.exit(), fleet.err());
        String skippedRow = row(fleet, "skipped");
        assertTrue(skippedRow.matches("skipped +live .*  " + Pattern.quote(WORDS)), skippedRow);
        assertTrue(!row(fleet, "checked").contains("TLS"), row(fleet, "checked"));
        assertTrue(row(fleet, "unchecked").matches("unchecked +cannot connect +" + Pattern.quote(refusal())),
                row(fleet, "unchecked"));
        int section = fleet.out().indexOf("== skipped ==");
        assertTrue(section > 0, fleet.out().toString());
        assertEquals(TlsVerification.explain("skipped", server), fleet.out().get(section + 1));
        int checkedSection = fleet.out().indexOf("== checked ==");
        assertTrue(fleet.out().get(checkedSection + 1).matches("\\d+ GPU nodes.*, \\d+/\\d+ GPUs usable.*"), fleet.out().get(checkedSection + 1));
        assertEquals("flightdeck: unchecked: " + refusal() + "\n", fleet.err());
        System.out.println("seen: " + String.join("\n      ", fleet.out().subList(0, section + 2)));
    }

    private static String row(Run r, String name) {
        return r.out().stream().filter(l -> l.startsWith(name + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + name + ": " + r.out()));
    }
}
