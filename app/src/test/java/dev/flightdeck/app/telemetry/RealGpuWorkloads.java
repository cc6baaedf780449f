package dev.flightdeck.app.telemetry;

import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealGangs;
import dev.flightdeck.app.telemetry.prometheus.BackfilledPrometheus;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;

/**
 * GPU workloads on the real control plane as the telemetry acceptance test needs them: an Indexed Job's ranks Running
 * on GPU nodes of their own (the Job controller makes the pods, the scheduler binds them, the kubelet stand-in moves
 * them to Running), and on every GPU node the dcgm-exporter pod the GPU operator's DaemonSet would run there.
 */
final class RealGpuWorkloads {

    /** One rank pod where it runs. */
    record Rank(String namespace, String pod, String node) {
    }

    private static final Duration WAIT = Duration.ofSeconds(120);

    private RealGpuWorkloads() {
    }

    /** An Indexed Job of {@code ranks} 8-GPU ranks, each on a Ready GPU node of its own; returned once all run. */
    static List<Rank> runningGang(RealCluster real, String ns, String name, int ranks) {
        RealGangs.indexedJob(real, ns, name, ranks, false);
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            List<Pod> pods = real.admin().pods().inNamespace(ns).withLabel("batch.kubernetes.io/job-name", name).list()
                    .getItems();
            if (pods.size() == ranks && pods.stream().allMatch(p -> "Running".equals(p.getStatus().getPhase()))) {
                return pods.stream().sorted(Comparator.comparing(p -> Integer.parseInt(
                                p.getMetadata().getLabels().get("batch.kubernetes.io/job-completion-index"))))
                        .map(p -> new Rank(ns, p.getMetadata().getName(), p.getSpec().getNodeName())).toList();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(ns + "/" + name + ": its " + ranks + " ranks are not all Running after "
                        + WAIT.toSeconds() + " s: " + pods.stream().map(p -> p.getMetadata().getName() + " "
                        + p.getStatus().getPhase() + " on " + p.getSpec().getNodeName()).toList());
            }
            sleep();
        }
    }

    /** The dcgm-exporter pod on {@code node} (bound there, as a DaemonSet's pods are); returns its name. */
    static String exporterOn(RealCluster real, String node) {
        String ns = BackfilledPrometheus.EXPORTER_NAMESPACE;
        if (real.admin().namespaces().withName(ns).get() == null) {
            real.admin().resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build()).create();
        }
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (real.admin().serviceAccounts().inNamespace(ns).withName("default").get() == null) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no default ServiceAccount in " + ns + " after " + WAIT.toSeconds() + " s");
            }
            sleep();
        }
        String name = RealCluster.unique("nvidia-dcgm-exporter");
        real.admin().resource(new PodBuilder().withNewMetadata().withName(name).withNamespace(ns)
                .addToLabels("app", "nvidia-dcgm-exporter").endMetadata().withNewSpec().withNodeName(node)
                .addNewContainer().withName("nvidia-dcgm-exporter")
                .withImage("nvcr.io/nvidia/k8s/dcgm-exporter:3.3.9-3.6.1-ubuntu22.04").endContainer().endSpec().build())
                .create();
        return name;
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
