package dev.flightdeck.app.controlplane;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A real Kubernetes control plane on loopback: etcd, kube-apiserver, kube-controller-manager and
 * kube-scheduler, each a child process with its own free port, a PKI generated for this run, and
 * everything under one temporary directory removed on {@link #close()}.
 *
 * <p>There is no kubelet: nodes are API objects a test creates ({@link KubeletStandIn} plays the
 * kubelet's part where a test needs pods to run). The controller-manager runs every default
 * controller, node lifecycle included, so a node whose Lease is not renewed goes NotReady as on
 * a real cluster — the stand-in renews them.
 */
public final class ControlPlane implements AutoCloseable {

    private static final Duration APISERVER_READY = Duration.ofMinutes(3);

    /** A static bearer token in group system:masters, written to the token file at start. */
    private static final String ADMIN_USER = "flightdeck-admin";

    /**
     * What runs beside etcd and the API server. The tests' cluster runs every default controller and the
     * scheduler; a load benchmark runs fewer, e.g. without node lifecycle (which would taint thousands of
     * kubelet-less nodes NotReady) and without the garbage collector (which would delete pods whose owners
     * were never created).
     *
     * @param controllers     kube-controller-manager's {@code --controllers} ("*" for all)
     * @param scheduler       whether kube-scheduler runs (not needed when pods are created bound)
     * @param apiserverFlags  more kube-apiserver flags, e.g. admission plugins left out
     * @param etcdFlags       more etcd flags, e.g. a larger backend quota
     * @param keptEtcdData    etcd's data directory, kept after {@link #close()} and used again by the next start;
     *                        null: under the run's temporary directory, removed with it
     */
    public record Setup(List<String> controllers, boolean scheduler, List<String> apiserverFlags,
                        List<String> etcdFlags, Path keptEtcdData) {
        static final Setup TESTS = new Setup(List.of("*"), true, List.of(), List.of(), null);
    }

    private final KubeAssets assets;
    private final Setup setup;
    private final Path dir;
    private final TestPki pki;
    private final String adminToken = dev.flightdeck.testkit.TestSecrets.remember(UUID.randomUUID().toString());
    private final List<Process> processes = Collections.synchronizedList(new ArrayList<>());
    private final int apiPort;
    private final int etcdPort;
    private Process apiserver;
    private final java.util.Map<String, Supervised> supervised = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile boolean closing;
    private Thread supervisor;
    private HttpClient http;

    private ControlPlane(KubeAssets assets, Setup setup, Path dir) throws IOException {
        this.assets = assets;
        this.setup = setup;
        this.dir = dir;
        this.pki = new TestPki(dir);
        this.apiPort = freePort();
        this.etcdPort = freePort();
    }

    /** Starts everything and waits until the API server is ready and the controllers have made the default service account. */
    static ControlPlane start(KubeAssets assets) throws IOException, InterruptedException {
        return start(assets, Setup.TESTS);
    }

    /**
     * Starts a control plane shaped by {@code setup} with the binaries {@link KubeAssets} finds (the
     * {@code flightdeck.kube.assets} property, else {@code KUBEBUILDER_ASSETS}); when they are missing, the
     * IOException says in one line what to install.
     */
    public static ControlPlane startFromEnvironment(Setup setup) throws IOException, InterruptedException {
        KubeAssets.Found found = KubeAssets.locate(System.getProperty(KubeAssets.PROPERTY), System.getenv());
        if (found instanceof KubeAssets.Found.Missing m) {
            throw new IOException(m.why());
        }
        return start(((KubeAssets.Found.Ready) found).assets(), setup);
    }

    private static ControlPlane start(KubeAssets assets, Setup setup) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("flightdeck-kube-");
        ControlPlane cp = new ControlPlane(assets, setup, dir);
        // A test JVM stopped from outside (Ctrl-C, Surefire's timeout) must not leave a cluster running.
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(cp::close));
        try {
            cp.startEtcd();
            cp.startApiserver();
            cp.startControllerManager();
            if (setup.scheduler()) {
                cp.startScheduler();
            }
            if (setup.controllers().contains("*") || setup.controllers().contains("serviceaccount")) {
                cp.awaitDefaultServiceAccount();
            }
            return cp;
        } catch (IOException | InterruptedException | RuntimeException e) {
            String logs = cp.logTails();
            cp.close();
            throw new IOException("the real control plane did not start: " + e.getMessage() + "\n" + logs, e);
        }
    }

    /** The API server's address, e.g. {@code https://127.0.0.1:41234}. */
    public String server() {
        return "https://127.0.0.1:" + apiPort;
    }

    public Path caCert() {
        return pki.caCert();
    }

    public String adminUser() {
        return ADMIN_USER;
    }

    /** A kubeconfig for the admin (group system:masters, static token), context {@code real}. */
    public Path adminKubeconfig() {
        return kubeconfig("admin", "real", "    token: " + adminToken + "\n");
    }

    /** A kubeconfig for {@code user} in {@code groups}, authenticated by a client certificate; RBAC decides what it may do. */
    public Path kubeconfigFor(String user, String... groups) {
        TestPki.Issued c = pki.client("user-" + user, user, groups);
        return kubeconfig("user-" + user, user, "    client-certificate: " + c.cert() + "\n    client-key: " + c.key() + "\n");
    }

    /** A serving certificate signed by the cluster's CA, for a stand-in server the API server dials. */
    KeyStore servingStore(String name, List<String> hosts) {
        return pki.server(name, hosts).store();
    }

    /** An admin GET, for tests and the stand-ins that need the server's answer bytes as they are. */
    public HttpResponse<String> adminGet(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(server() + path)).header("Authorization", "Bearer " + adminToken)
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** An admin request with any method and a JSON body (or none). */
    public HttpResponse<String> adminSend(String method, String path, String contentType, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server() + path))
                .header("Authorization", "Bearer " + adminToken).timeout(Duration.ofSeconds(30));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return http.send(b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Compacts etcd at its current revision: every resourceVersion before now is gone from
     * storage, as after the API server's periodic compaction (a LIST continue token older than
     * this answers 410). Through etcd's own gRPC gateway, so no etcdctl is needed.
     */
    public void compactEtcd() throws IOException, InterruptedException {
        HttpClient plain = HttpClient.newHttpClient();
        String etcd = "http://127.0.0.1:" + etcdPort;
        // One write of our own first, so that the compaction revision is past every version handed out.
        plain.send(HttpRequest.newBuilder(URI.create(etcd + "/v3/kv/put")).POST(HttpRequest.BodyPublishers.ofString(
                "{\"key\":\"L2ZsaWdodGRlY2svY29tcGFjdGlvbg==\",\"value\":\"MQ==\"}")).build(), HttpResponse.BodyHandlers.ofString());
        String range = plain.send(HttpRequest.newBuilder(URI.create(etcd + "/v3/kv/range"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"key\":\"AA==\"}")).build(), HttpResponse.BodyHandlers.ofString()).body();
        String revision = range.replaceAll("(?s).*\"revision\":\"(\\d+)\".*", "$1");
        HttpResponse<String> r = plain.send(HttpRequest.newBuilder(URI.create(etcd + "/v3/kv/compaction"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"revision\":\"" + revision + "\",\"physical\":true}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("etcd compaction answered " + r.statusCode() + ": " + r.body());
        }
    }

    /**
     * Stops the API server (SIGKILL) and starts it again on the same etcd and port: its watch
     * caches start afresh from the current revision, so a watch resuming from before the restart
     * is too old (410), as after an upgrade or a crash on a real cluster.
     */
    public void restartApiserver() throws IOException, InterruptedException {
        killApiserver();
        startApiserverAgain();
    }

    /** SIGKILL to the API server: no goodbye to its clients, etcd keeps everything. */
    public void killApiserver() throws InterruptedException {
        apiserver.destroyForcibly().waitFor();
        processes.remove(apiserver);
    }

    /**
     * Starts the API server again on the same etcd, port and certificates; returns once it is
     * ready. A no-op when it is running (a test that failed before its kill still restarts in
     * its finally): a second one would lose the port to the first, answer nothing, and leave
     * the next kill aimed at a dead process while the old server keeps serving.
     */
    public void startApiserverAgain() throws IOException, InterruptedException {
        if (apiserver.isAlive()) {
            return;
        }
        startApiserver();
        restartControllers();
    }

    /**
     * Starts the controllers again once the API server is back, so that they list at once: left
     * running, client-go's reflectors back off up to a minute (30 s, jittered up to twice) and the
     * next test waits for them (78 s in one CI run). The tests are about the console's own return,
     * not the controllers'; a real control plane's controllers come back on their own, later.
     */
    private void restartControllers() throws IOException, InterruptedException {
        synchronized (supervised) {
            for (var e : supervised.entrySet()) {
                Process old = e.getValue().process();
                old.destroy();
                if (!old.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                    old.destroyForcibly().waitFor();
                }
                processes.remove(old);
                e.setValue(new Supervised(e.getValue().command(), start(e.getKey(), e.getValue().command())));
            }
        }
    }

    /**
     * Waits until the controllers act again after the API server was away: client-go's
     * reflectors back off up to a minute (30 s, jittered up to twice), so after a long outage
     * a namespace may wait that long for its default ServiceAccount. A test that kept the server
     * down calls this, so the tests after it start on a cluster whose controllers work.
     */
    public void awaitControllersCaughtUp() throws IOException, InterruptedException {
        String ns = "controllers-probe-" + UUID.randomUUID().toString().substring(0, 8);
        long start = System.nanoTime();
        HttpResponse<String> made = adminSend("POST", "/api/v1/namespaces", "application/json",
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"" + ns + "\"}}");
        if (made.statusCode() != 201) {
            throw new IOException("creating namespace " + ns + " answered " + made.statusCode() + ": " + made.body());
        }
        long deadline = start + Duration.ofSeconds(120).toNanos();
        while (adminGet("/api/v1/namespaces/" + ns + "/serviceaccounts/default").statusCode() != 200) {
            if (System.nanoTime() > deadline) {
                throw new IOException("the controllers did not act within 120 s of the API server's return\n" + logTails());
            }
            Thread.sleep(200);
        }
        System.out.println("flightdeck: controllers acted again " + (System.nanoTime() - start) / 1_000_000
                + " ms after the API server came back");
    }

    private void startEtcd() throws IOException, InterruptedException {
        int peer = freePort();
        Path data = setup.keptEtcdData() != null ? setup.keptEtcdData() : dir.resolve("etcd");
        List<String> command = new ArrayList<>(List.of(assets.etcd().toString(), "--data-dir", data.toString(),
                "--listen-client-urls", "http://127.0.0.1:" + etcdPort, "--advertise-client-urls", "http://127.0.0.1:" + etcdPort,
                "--listen-peer-urls", "http://127.0.0.1:" + peer, "--initial-advertise-peer-urls", "http://127.0.0.1:" + peer,
                "--initial-cluster", "default=http://127.0.0.1:" + peer, "--log-level", "warn"));
        command.addAll(setup.etcdFlags());
        start("etcd", command);
    }

    private void startApiserver() throws IOException, InterruptedException {
        if (!Files.exists(dir.resolve("apiserver.crt"))) {
            pki.server("apiserver", List.of("127.0.0.1", "localhost", "10.0.0.1", "kubernetes", "kubernetes.default",
                    "kubernetes.default.svc", "kubernetes.default.svc.cluster.local"));
            pki.serviceAccountKeys();
            Files.writeString(dir.resolve("tokens.csv"), adminToken + "," + ADMIN_USER + ",uid-admin,\"system:masters\"\n");
        }
        List<String> command = new ArrayList<>(List.of(assets.apiserver().toString(),
                "--etcd-servers=http://127.0.0.1:" + etcdPort, "--bind-address=127.0.0.1", "--secure-port=" + apiPort,
                // Must not be loopback (the apiserver refuses it for the kubernetes Service); nothing connects to it.
                "--advertise-address=" + advertiseAddress(),
                "--tls-cert-file=" + dir.resolve("apiserver.crt"), "--tls-private-key-file=" + dir.resolve("apiserver.key"),
                "--client-ca-file=" + pki.caCert(), "--token-auth-file=" + dir.resolve("tokens.csv"),
                "--authorization-mode=Node,RBAC", "--service-account-key-file=" + dir.resolve("sa.pub"),
                "--service-account-signing-key-file=" + dir.resolve("sa.key"),
                "--service-account-issuer=https://kubernetes.default.svc", "--api-audiences=https://kubernetes.default.svc",
                "--service-cluster-ip-range=10.0.0.0/24", "--cert-dir=" + dir.resolve("apiserver-certs")));
        command.addAll(setup.apiserverFlags());
        apiserver = start("kube-apiserver", command);
        http = HttpClient.newBuilder().sslContext(trustingTestCa()).connectTimeout(Duration.ofSeconds(5)).build();
        // Three minutes: an API server over a kept etcd of 100,000 pods (the screen benchmark's) fills its watch cache
        // before it is ready, and on a loaded 2-core machine that took more than one.
        long deadline = System.nanoTime() + APISERVER_READY.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!apiserver.isAlive()) {
                throw new IOException("kube-apiserver exited with " + apiserver.exitValue());
            }
            try {
                HttpResponse<String> r = adminGet("/readyz");
                if (r.statusCode() == 200) {
                    return;
                }
                last = r.statusCode() + " " + r.body();
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(200);
        }
        throw new IOException("kube-apiserver not ready within " + APISERVER_READY.toSeconds() + " s: " + last);
    }

    private void startControllerManager() throws IOException {
        TestPki.Issued c = pki.client("controller-manager", "system:kube-controller-manager");
        Path kc = kubeconfig("controller-manager", "cm", "    client-certificate: " + c.cert() + "\n    client-key: "
                + c.key() + "\n");
        supervised("kube-controller-manager", List.of(assets.controllerManager().toString(), "--kubeconfig=" + kc,
                "--leader-elect=false", "--bind-address=127.0.0.1", "--secure-port=0",
                "--service-account-private-key-file=" + dir.resolve("sa.key"), "--root-ca-file=" + pki.caCert(),
                "--use-service-account-credentials=true", "--controllers=" + String.join(",", setup.controllers()),
                // The cluster signer lets CSR-based tests work; it costs nothing unused.
                "--cluster-signing-cert-file=" + pki.caCert(), "--cluster-signing-key-file=" + pki.caKey()));
    }

    private void startScheduler() throws IOException {
        TestPki.Issued c = pki.client("scheduler", "system:kube-scheduler");
        Path kc = kubeconfig("scheduler", "scheduler", "    client-certificate: " + c.cert() + "\n    client-key: "
                + c.key() + "\n");
        supervised("kube-scheduler", List.of(assets.scheduler().toString(), "--kubeconfig=" + kc, "--leader-elect=false",
                "--bind-address=127.0.0.1", "--secure-port=0"));
    }

    private void awaitDefaultServiceAccount() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (adminGet("/api/v1/namespaces/default/serviceaccounts/default").statusCode() == 200) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IOException("the controller-manager made no default service account within 60 s");
    }

    /**
     * Starts a controller that is started again whenever it exits, as kubelet (static pods) or
     * systemd keeps a real control plane's controllers running: after the API server has been
     * away for a while, kube-controller-manager may give up and exit, and every later test of
     * the run would find no controllers. Each restart is printed with the last lines it logged.
     */
    private void supervised(String name, List<String> command) throws IOException {
        supervised.put(name, new Supervised(command, start(name, command)));
        if (supervisor == null) {
            supervisor = Thread.ofPlatform().daemon().name("control-plane-supervisor").start(this::supervise);
        }
    }

    private record Supervised(List<String> command, Process process) {
    }

    private void supervise() {
        while (!closing) {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (supervised) { // restartControllers replaces them too
                supervised.forEach(this::startAgainIfExited);
            }
        }
    }

    private void startAgainIfExited(String name, Supervised s) {
        if (s.process().isAlive() || closing) {
            return;
        }
        processes.remove(s.process());
        System.out.println("flightdeck: " + name + " exited with " + s.process().exitValue()
                + "; started again, as kubelet or systemd would. It last logged:\n" + lastLines(name, 8));
        try {
            supervised.put(name, new Supervised(s.command(), start(name, s.command())));
        } catch (IOException e) {
            System.out.println("flightdeck: " + name + " could not be started again: " + e.getMessage());
        }
    }

    private String lastLines(String name, int n) {
        try {
            List<String> lines = Files.readAllLines(dir.resolve(name + ".log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private Process start(String name, List<String> command) throws IOException {
        // Appended, so a restarted process's log keeps what its predecessor said before it died.
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve(name + ".log").toFile())).start();
        processes.add(p);
        return p;
    }

    /**
     * A kubeconfig whose user {@code userName} authenticates as {@code userYaml} says (lines
     * indented under {@code user:}, e.g. an exec stanza or a tokenFile), context {@code real}.
     */
    public Path kubeconfigWithUser(String file, String userName, String userYaml) {
        return kubeconfig(file, userName, userYaml);
    }

    private Path kubeconfig(String file, String userName, String credentials) {
        String text = """
                apiVersion: v1
                kind: Config
                clusters:
                - name: real
                  cluster:
                    server: %s
                    certificate-authority: %s
                users:
                - name: %s
                  user:
                %scontexts:
                - name: real
                  context:
                    cluster: real
                    user: %s
                current-context: real
                """.formatted(server(), pki.caCert(), userName, credentials, userName);
        try {
            return Files.writeString(dir.resolve(file + ".kubeconfig"), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private SSLContext trustingTestCa() throws IOException {
        try (var in = Files.newInputStream(pki.caCert())) {
            X509Certificate ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
            ks.load(null, null);
            ks.setCertificateEntry("ca", ca);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(ks);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, tmf.getTrustManagers(), null);
            return ctx;
        } catch (java.security.GeneralSecurityException e) {
            throw new IOException("cannot trust the test CA: " + e.getMessage(), e);
        }
    }

    /** The last lines of each component's log, to explain a start-up that failed. */
    public String logTails() {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> logs = Files.list(dir)) {
            for (Path log : logs.filter(p -> p.toString().endsWith(".log")).sorted().toList()) {
                String name = log.getFileName().toString();
                b.append("--- ").append(name).append(" (last lines)\n")
                        .append(lastLines(name.substring(0, name.length() - ".log".length()), 15)).append('\n');
            }
        } catch (IOException e) {
            b.append("(logs unreadable: ").append(e.getMessage()).append(")");
        }
        return b.toString();
    }

    /** The machine's first non-loopback IPv4 address; a documentation address when it has none (never dialled). */
    private static String advertiseAddress() {
        try {
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if (a instanceof java.net.Inet4Address && !a.isLoopbackAddress() && !a.isLinkLocalAddress()) {
                        return a.getHostAddress();
                    }
                }
            }
        } catch (IOException e) {
            // fall through
        }
        return "192.0.2.10";
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public synchronized void close() {
        closing = true;
        // Controllers first, then the API server, then etcd: nothing logs errors about a vanished peer.
        List<Process> reversed = new ArrayList<>(processes);
        Collections.reverse(reversed);
        for (Process p : reversed) {
            p.destroy();
            try {
                if (!p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp dir left behind is not worth failing a run for
        }
    }
}
