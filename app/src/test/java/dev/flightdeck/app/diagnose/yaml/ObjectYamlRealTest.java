package dev.flightdeck.app.diagnose.yaml;

import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.controlplane.PyTorchOperatorStandIn;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.controlplane.RealKube;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.session.SessionOptions;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The core API a view calls, on the real kube-apiserver 1.32: an object by the resource the screen knows, by the
 * apiVersion and kind an owner reference names, off the calling thread; a Secret refused with no request charged to
 * the connection; discovery read once for the connection, not once per object.
 */
@ExtendWith(RealKube.class)
class ObjectYamlRealTest {

    private static RealCluster real;
    private static ClusterConnection connection;
    private static String ns;
    private static String node;

    @BeforeAll
    static void cluster(RealCluster cluster) throws Exception {
        real = cluster;
        ns = real.namespace("yaml");
        node = RealCluster.unique("yaml-node");
        real.kubelet().registerGpuNode(node, 8, java.util.Map.of());
        connection = ClusterConnection.open(real.target(), SessionOptions.DEFAULTS);
        PyTorchOperatorStandIn.installCrd(real);
        GenericKubernetesResource job = real.admin().genericKubernetesResources(PyTorchOperatorStandIn.PYTORCHJOBS)
                .inNamespace(ns).resource(Serialization.unmarshal("""
                        {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob","metadata":{"name":"llm"},
                         "spec":{"pytorchReplicaSpecs":{"Master":{"replicas":1}}}}""", GenericKubernetesResource.class))
                .create();
        // The master rank as the operator makes it: owned by its PyTorchJob.
        real.admin().pods().inNamespace(ns).resource(new PodBuilder().withNewMetadata().withName("llm-master-0")
                .addNewOwnerReference().withApiVersion("kubeflow.org/v1").withKind("PyTorchJob").withName("llm")
                .withUid(job.getMetadata().getUid()).withController(true).endOwnerReference().endMetadata()
                .withNewSpec().withNodeSelector(java.util.Map.of("flightdeck-test", "nowhere")).addNewContainer()
                .withName("pytorch").withImage("nvcr.io/nvidia/pytorch:24.05-py3").endContainer().endSpec().build()).create();
        real.admin().secrets().inNamespace(ns).resource(new SecretBuilder().withNewMetadata().withName("wandb")
                .endMetadata().addToStringData("api-key", "not-a-real-key-but-never-read").build()).create();
    }

    @AfterAll
    static void close() {
        if (connection != null) {
            connection.close();
        }
    }

    @Test
    void aRanksPodThenItsOwnerByTheKindItsReferenceNames() throws Exception {
        ObjectYaml yaml = ObjectYaml.of(connection, real.target());
        ShownObject pod = yaml.fetch(new ObjectRef.OfResource(ApiResource.PODS, ns, "llm-master-0"));
        assertEquals("Pod " + ns + "/llm-master-0", pod.title());
        var owner = pod.object().at("/metadata/ownerReferences/0");
        ShownObject job = yaml.fetch(new ObjectRef.OfKind(owner.path("apiVersion").asText(), owner.path("kind").asText(),
                ns, owner.path("name").asText()));
        assertEquals("PyTorchJob " + ns + "/llm", job.title());
        assertEquals("pytorchjobs", job.resource().resource());
        assertEquals(owner.path("uid").asText(), job.object().at("/metadata/uid").asText());
        assertTrue(job.yaml().startsWith("# managedFields left out\napiVersion: kubeflow.org/v1\nkind: PyTorchJob\n"),
                job.yaml());
    }

    @Test
    void offTheCallersThreadAsAViewAsksForIt() throws Exception {
        ObjectYaml yaml = ObjectYaml.of(connection, real.target());
        ExecutorService background = Executors.newSingleThreadExecutor();
        try {
            ShownObject node = yaml.fetchAsync(new ObjectRef.Typed("Namespace", null, ns), background).get(30, TimeUnit.SECONDS);
            assertEquals("Namespace " + ns, node.title());
            CompletionException missing = assertThrows(CompletionException.class, () -> yaml.fetchAsync(
                    new ObjectRef.OfResource(ApiResource.PODS, ns, "gone"), background).join());
            ObjectYamlProblem p = assertInstanceOf(ObjectYamlProblem.class, missing.getCause());
            assertEquals(ObjectYamlProblem.Reason.NOT_FOUND, p.reason());
            assertEquals("pods \"gone\" not found in namespace " + ns, p.getMessage());
        } finally {
            background.shutdownNow();
        }
    }

    @Test
    void aSecretIsRefusedWithNoRequestChargedToTheConnection() throws Exception {
        ObjectYaml yaml = ObjectYaml.of(connection, real.target());
        long start = connection.budget().charged();
        yaml.fetch(new ObjectRef.Typed("no", null, node));
        long before = connection.budget().charged();
        assertEquals(start + 3, before, "aggregated discovery (/api, /apis), then the node");
        for (ObjectRef secret : List.of(new ObjectRef.OfResource(ApiResource.SECRETS, ns, "wandb"),
                new ObjectRef.OfKind("v1", "Secret", ns, "wandb"), new ObjectRef.Typed("secrets", ns, "wandb"))) {
            ObjectYamlProblem p = assertThrows(ObjectYamlProblem.class, () -> yaml.fetch(secret));
            assertEquals(ObjectYamlProblem.Reason.SECRET_REFUSED, p.reason());
            assertTrue(p.getMessage().startsWith(SecretRefusal.WORDS + ": not fetching "), p.getMessage());
        }
        assertEquals(before, connection.budget().charged(), "nothing was sent for a Secret");
        yaml.fetch(new ObjectRef.Typed("pytorchjob", ns, "llm"));
        yaml.fetch(new ObjectRef.Typed("po", ns, "llm-master-0"));
        assertEquals(before + 2, connection.budget().charged(), "two objects, two GETs: discovery was read once, before");
    }
}
