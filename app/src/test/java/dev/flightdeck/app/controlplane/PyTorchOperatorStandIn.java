package dev.flightdeck.app.controlplane;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.watch.KubeJson;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;

import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A test stand-in for the Kubeflow training operator, for one namespace: it installs the
 * PyTorchJob CRD (schema left open, status as a subresource) and, for every PyTorchJob without
 * pods, creates them as the operator does — {@code <job>-<replica type>-<index>}, labelled with
 * {@code training.kubeflow.org/job-name}, {@code operator-name: pytorchjob-controller},
 * {@code replica-type}, {@code replica-index} and, on the master, {@code job-role: master}, owned
 * by the PyTorchJob (controller, blockOwnerDeletion). It does nothing else an operator does
 * (no Services, no status, no restarts). Simulated, and named so.
 */
public final class PyTorchOperatorStandIn implements AutoCloseable {

    public static final ResourceDefinitionContext PYTORCHJOBS = new ResourceDefinitionContext.Builder()
            .withGroup("kubeflow.org").withVersion("v1").withPlural("pytorchjobs").withKind("PyTorchJob").withNamespaced(true)
            .build();

    private final RealCluster real;
    private final String namespace;
    private final ScheduledExecutorService loop = Executors.newSingleThreadScheduledExecutor(
            r -> Thread.ofPlatform().name("pytorch-operator-stand-in").daemon().unstarted(r));

    public PyTorchOperatorStandIn(RealCluster real, String namespace) {
        this.real = real;
        this.namespace = namespace;
        installCrd(real);
        loop.scheduleWithFixedDelay(this::reconcile, 0, 200, TimeUnit.MILLISECONDS);
    }

    /** Installs the CRD once per run (idempotent) and waits until it is served. */
    public static synchronized void installCrd(RealCluster real) {
        var crds = real.admin().apiextensions().v1().customResourceDefinitions();
        if (crds.withName("pytorchjobs.kubeflow.org").get() == null) {
            crds.resource(Serialization.unmarshal("""
                    {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
                     "metadata":{"name":"pytorchjobs.kubeflow.org"},
                     "spec":{"group":"kubeflow.org","scope":"Namespaced",
                      "names":{"plural":"pytorchjobs","singular":"pytorchjob","kind":"PyTorchJob","listKind":"PyTorchJobList"},
                      "versions":[{"name":"v1","served":true,"storage":true,"subresources":{"status":{}},
                       "schema":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}]}}""",
                    io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition.class)).create();
        }
        crds.withName("pytorchjobs.kubeflow.org").waitUntilCondition(c -> c != null && c.getStatus() != null
                && c.getStatus().getConditions().stream().anyMatch(x -> x.getType().equals("Established")
                && x.getStatus().equals("True")), 30, TimeUnit.SECONDS);
    }

    private void reconcile() {
        try {
            for (GenericKubernetesResource job : real.admin().genericKubernetesResources(PYTORCHJOBS).inNamespace(namespace)
                    .list().getItems()) {
                if (job.getMetadata().getDeletionTimestamp() == null) {
                    ensurePods(KubeJson.MAPPER.valueToTree(job));
                }
            }
        } catch (RuntimeException e) {
            // the operator retries on its next sync, and so do we
        }
    }

    private void ensurePods(JsonNode job) {
        String name = job.at("/metadata/name").asText();
        String uid = job.at("/metadata/uid").asText();
        for (Iterator<Map.Entry<String, JsonNode>> it = job.at("/spec/pytorchReplicaSpecs").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> spec = it.next();
            String type = spec.getKey().toLowerCase(Locale.ROOT);
            for (int i = 0; i < spec.getValue().path("replicas").asInt(1); i++) {
                String pod = name + "-" + type + "-" + i;
                Pod existing = real.admin().pods().inNamespace(namespace).withName(pod).get();
                if (existing != null) {
                    continue;
                }
                ObjectNode p = spec.getValue().path("template").deepCopy();
                ObjectNode meta = p.with("metadata");
                meta.put("name", pod).put("namespace", namespace);
                ObjectNode labels = meta.with("labels");
                labels.put("training.kubeflow.org/job-name", name).put("training.kubeflow.org/operator-name",
                        "pytorchjob-controller").put("training.kubeflow.org/replica-type", type)
                        .put("training.kubeflow.org/replica-index", Integer.toString(i));
                if (type.equals("master")) {
                    labels.put("training.kubeflow.org/job-role", "master");
                }
                meta.putArray("ownerReferences").addObject().put("apiVersion", "kubeflow.org/v1").put("kind", "PyTorchJob")
                        .put("name", name).put("uid", uid).put("controller", true).put("blockOwnerDeletion", true);
                ((ObjectNode) p.path("spec")).put("restartPolicy", spec.getValue().path("restartPolicy").asText("Never")
                        .equals("OnFailure") ? "OnFailure" : "Never");
                p.put("apiVersion", "v1").put("kind", "Pod");
                real.admin().pods().inNamespace(namespace).resource(KubeJson.MAPPER.convertValue(p, Pod.class)).create();
            }
        }
    }

    @Override
    public void close() {
        loop.shutdownNow();
    }
}
