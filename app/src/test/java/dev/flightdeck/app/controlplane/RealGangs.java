package dev.flightdeck.app.controlplane;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Training gangs as tests need them on the real control plane, on nodes of their own. */
public final class RealGangs {

    private RealGangs() {
    }

    /**
     * {@code ranks} Ready 8-GPU nodes labelled {@code flightdeck-test=NS}, and an Indexed Job of as
     * many 8-GPU ranks pinned to them by that label (so the real scheduler puts one rank on each),
     * with the {@code /dev/shm} emptyDir training ranks keep when {@code shm}. Returns the nodes.
     */
    public static List<String> indexedJob(RealCluster real, String ns, String name, int ranks, boolean shm) {
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < ranks; i++) {
            String node = RealCluster.unique(ns + "-" + (char) ('a' + i));
            real.kubelet().registerGpuNode(node, 8, Map.of("flightdeck-test", ns));
            nodes.add(node);
        }
        JobBuilder job = new JobBuilder().withNewMetadata().withName(name).endMetadata().withNewSpec()
                .withCompletionMode("Indexed").withCompletions(ranks).withParallelism(ranks).withNewTemplate().withNewSpec()
                .withRestartPolicy("Never").withNodeSelector(Map.of("flightdeck-test", ns)).addNewContainer().withName("trainer")
                .withImage("nvcr.io/nvidia/pytorch:24.05-py3").withNewResources()
                .withLimits(Map.of("nvidia.com/gpu", new Quantity("8"))).endResources().endContainer().endSpec().endTemplate()
                .endSpec();
        if (shm) {
            job.editSpec().editTemplate().editSpec().editFirstContainer().addNewVolumeMount().withName("dshm")
                    .withMountPath("/dev/shm").endVolumeMount().endContainer().addNewVolume().withName("dshm").withNewEmptyDir()
                    .withMedium("Memory").endEmptyDir().endVolume().endSpec().endTemplate().endSpec();
        }
        real.admin().batch().v1().jobs().inNamespace(ns).resource(job.build()).create();
        return nodes;
    }
}
