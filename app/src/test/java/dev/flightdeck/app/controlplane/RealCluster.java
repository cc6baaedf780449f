package dev.flightdeck.app.controlplane;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.app.session.SessionOptions;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The real control plane as tests use it: an admin client (fabric8, for arranging objects the
 * way a controller or an operator would), the console's own connection for what is under test,
 * the kubelet stand-in, and fresh namespaces and node names so that test classes sharing one
 * control plane never see each other's objects.
 */
public final class RealCluster implements AutoCloseable {

    private static final AtomicInteger NEXT = new AtomicInteger();

    private final ControlPlane plane;
    private final KubernetesClient admin;
    private final KubeletStandIn kubelet;
    private ClusterConnection connection;

    RealCluster(ControlPlane plane) throws IOException {
        this.plane = plane;
        this.admin = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(
                Files.readString(plane.adminKubeconfig()))).build();
        this.kubelet = new KubeletStandIn(plane, admin);
    }

    public ControlPlane plane() {
        return plane;
    }

    /** fabric8 with admin rights: for arranging the cluster, never for what is under test. */
    public KubernetesClient admin() {
        return admin;
    }

    public KubeletStandIn kubelet() {
        return kubelet;
    }

    /** The admin kubeconfig as the console loads it, context {@code real}. */
    public ConnectionTarget.Context target() {
        return target(plane.adminKubeconfig());
    }

    public static ConnectionTarget.Context target(Path kubeconfig) {
        try {
            Kubeconfig k = KubeconfigLoader.load(List.of(kubeconfig));
            return new ConnectionTarget.Context(k, "real");
        } catch (ConnectionProblem e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** The console's REST calls as the admin, through its own connection (TLS and token from the kubeconfig). */
    public KubeRest adminRest() {
        return new KubeRest(adminEndpoint());
    }

    /** The console's own connection as the admin (opened once, closed with the run). */
    public synchronized dev.flightdeck.app.watch.ApiEndpoint adminEndpoint() {
        try {
            if (connection == null) {
                connection = ClusterConnection.open(target(), SessionOptions.DEFAULTS);
            }
            return connection.api();
        } catch (ConnectionProblem e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** A unique name for this run, e.g. {@code drain-3}; use it for namespaces and nodes. */
    public static String unique(String prefix) {
        return prefix + "-" + NEXT.incrementAndGet();
    }

    /** A new namespace, returned once its default ServiceAccount exists (pods are refused before). */
    public String namespace(String prefix) {
        String name = unique(prefix);
        admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
        // Up to two minutes: after an API server restart, controllers may back off a minute (client-go).
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (admin.serviceAccounts().inNamespace(name).withName("default").get() == null) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no default ServiceAccount in " + name + " after 120 s\n" + plane.logTails());
            }
            sleep(50);
        }
        return name;
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public synchronized void close() {
        if (connection != null) {
            connection.close();
        }
        kubelet.close();
        admin.close();
    }

    static RealCluster open(ControlPlane plane) {
        try {
            return new RealCluster(plane);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
