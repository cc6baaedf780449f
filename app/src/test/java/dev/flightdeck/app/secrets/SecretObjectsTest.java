package dev.flightdeck.app.secrets;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.flightdeck.app.secrets.SecretText.PLACEHOLDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a resume journals has its secrets left out, and nothing else: a PyTorchJob shaped as the
 * training-operator and kubectl leave it (replica specs, the "pytorch" container, env from literals
 * and from a Secret, kubectl's last-applied-configuration repeating the manifest).
 */
class SecretObjectsTest {

    private static final String HF = "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";
    private static final String WANDB = "0123456789abcdef0123456789abcdef01234567";

    private static final String CONTAINER = """
            {"name": "pytorch", "image": "ghcr.io/example/llama:2026.11",
             "command": ["bash", "-c", "HF_TOKEN=%1$s python train.py --api-key %2$s --max-tokens 4096 --tokenizer t5"],
             "args": ["--hf-token=%1$s", "--max-tokens", "4096", "--tokenizer", "t5", "--wandb-key", "%2$s",
                      "--password", "hunter2"],
             "env": [{"name": "HF_TOKEN", "value": "%1$s"},
                     {"name": "WANDB_API_KEY", "value": "%2$s"},
                     {"name": "MASTER_PORT", "value": "23456"},
                     {"name": "MAX_TOKENS", "value": "4096"},
                     {"name": "AWS_SECRET_ACCESS_KEY",
                      "valueFrom": {"secretKeyRef": {"name": "s3-credentials", "key": "secret-access-key"}}}]}"""
            .formatted(HF, WANDB);

    private static JsonNode pytorchJob() throws Exception {
        String spec = """
                {"apiVersion": "kubeflow.org/v1", "kind": "PyTorchJob",
                 "metadata": {"name": "llama-sft", "namespace": "research",
                              "annotations": {"example.com/db-password": "s3cr3t", "example.com/owner": "ml-platform"}},
                 "spec": {"pytorchReplicaSpecs": {
                   "Master": {"replicas": 1, "restartPolicy": "OnFailure",
                              "template": {"spec": {"containers": [%1$s]}}},
                   "Worker": {"replicas": 3, "restartPolicy": "OnFailure",
                              "template": {"spec": {"containers": [%1$s]}}}}}}""".formatted(CONTAINER);
        JsonNode job = KubeJson.MAPPER.readTree(spec);
        // kubectl apply leaves the whole manifest it applied in this annotation, secrets and all.
        ((com.fasterxml.jackson.databind.node.ObjectNode) job.at("/metadata/annotations"))
                .put(SecretObjects.LAST_APPLIED, KubeJson.MAPPER.writeValueAsString(job));
        return job;
    }

    @Test
    void literalSecretsAreReplacedAndEverythingElseKept() throws Exception {
        JsonNode job = pytorchJob();
        String before = job.toString();
        SecretObjects.Result r = SecretObjects.redact(job);
        String saved = r.object().toString();

        assertEquals(before, job.toString(), "the object the resume works with is not changed");
        assertFalse(saved.contains(HF), saved);
        assertFalse(saved.contains(WANDB), saved);
        assertFalse(saved.contains("hunter2") || saved.contains("s3cr3t"), saved);

        JsonNode worker = r.object().at("/spec/pytorchReplicaSpecs/Worker/template/spec/containers/0");
        assertEquals(PLACEHOLDER, worker.at("/env/0/value").asText());
        assertEquals(PLACEHOLDER, worker.at("/env/1/value").asText());
        assertEquals("23456", worker.at("/env/2/value").asText());
        assertEquals("4096", worker.at("/env/3/value").asText());
        assertEquals("s3-credentials", worker.at("/env/4/valueFrom/secretKeyRef/name").asText(), "a Secret reference stays");
        assertEquals(List.of("--hf-token=" + PLACEHOLDER, "--max-tokens", "4096", "--tokenizer", "t5", "--wandb-key", PLACEHOLDER,
                "--password", PLACEHOLDER), KubeJson.MAPPER.convertValue(worker.path("args"), List.class));
        assertEquals("HF_TOKEN=" + PLACEHOLDER + " python train.py --api-key " + PLACEHOLDER + " --max-tokens 4096 --tokenizer t5",
                worker.at("/command/2").asText());
        assertEquals("ghcr.io/example/llama:2026.11", worker.path("image").asText());
        assertEquals("ml-platform", r.object().at("/metadata/annotations/example.com~1owner").asText());
        assertEquals(PLACEHOLDER, r.object().at("/metadata/annotations/example.com~1db-password").asText());

        JsonNode lastApplied = KubeJson.MAPPER.readTree(r.object().at("/metadata/annotations")
                .path(SecretObjects.LAST_APPLIED).asText());
        assertEquals(PLACEHOLDER, lastApplied.at("/spec/pytorchReplicaSpecs/Master/template/spec/containers/0/env/0/value").asText());
        assertEquals(3, lastApplied.at("/spec/pytorchReplicaSpecs/Worker/replicas").asInt(), "the applied manifest is still whole");

        assertTrue(r.redacted().contains("spec.pytorchReplicaSpecs.Master.template.spec.containers[pytorch].env[HF_TOKEN]"),
                String.join("\n", r.redacted()));
        assertTrue(r.redacted().contains("metadata.annotations[example.com/db-password]"), String.join("\n", r.redacted()));
        assertTrue(r.redacted().stream().anyMatch(p -> p.startsWith("metadata.annotations[" + SecretObjects.LAST_APPLIED + "]: ")),
                String.join("\n", r.redacted()));
    }

    @Test
    void everyShapeInAJobIsTakenOutAndWhatAPersonNeedsStays() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode job = SecretJobs.job("training", "llama-sft", 4);
        SecretObjects.Result r = SecretObjects.redact(job);
        String saved = KubeJson.MAPPER.writeValueAsString(r.object());
        String yaml = String.join("\n", dev.flightdeck.app.actions.resume.ManifestDiff.yamlLines(r.object()));
        for (String secret : SecretJobs.SECRETS) {
            assertFalse(saved.contains(secret), "JSON still holds " + secret.substring(0, 4) + "…");
            assertFalse(yaml.contains(secret), "YAML still holds " + secret.substring(0, 4) + "…");
        }
        for (String visible : SecretJobs.VISIBLE) {
            assertTrue(saved.contains(visible), visible);
        }
        assertEquals("s3-credentials", r.object().at("/spec/template/spec/containers/0/env/11/valueFrom/secretKeyRef/name").asText());
        assertEquals("nvidia.com/gpu", r.object().at("/spec/template/spec/tolerations/0/key").asText());
        assertEquals(List.of("env", "OPENAI_API_KEY=" + PLACEHOLDER, "uploader"),
                KubeJson.MAPPER.convertValue(r.object().at("/spec/template/spec/containers/1/command"), List.class));
        assertEquals("postgres://trainer:" + PLACEHOLDER + "@db.internal:5432/runs",
                r.object().at("/spec/template/spec/containers/0/env/1/value").asText());
        assertTrue(r.redacted().contains("spec.template.spec.containers[trainer].env[S3_SK]"), String.join("\n", r.redacted()));
        assertEquals(KubeJson.MAPPER.writeValueAsString(job), KubeJson.MAPPER.writeValueAsString(SecretJobs.job("training", "llama-sft", 4)),
                "the object the action works with is not changed");
    }

    @Test
    void aRedactedObjectLeavesNothingForTheTextBoundaryAndRedactingTwiceIsOnce() throws Exception {
        JsonNode once = SecretObjects.redact(SecretJobs.job("training", "llama-sft", 4)).object();
        SecretObjects.Result twice = SecretObjects.redact(once);
        assertEquals(once, twice.object());
        String json = KubeJson.MAPPER.writeValueAsString(once);
        assertEquals(json, SecretText.redact(json));
        List<String> yaml = dev.flightdeck.app.actions.resume.ManifestDiff.yamlLines(once);
        assertEquals(yaml, SecretText.redact(yaml));
    }

    @Test
    void whatAPlanShowsLeavesOutManagedFieldsAndTheLastAppliedManifest() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode job = SecretJobs.job("training", "llama-sft", 4);
        job.with("metadata").putArray("managedFields").addObject().put("manager", "kubectl-client-side-apply");
        SecretObjects.Shown shown = SecretObjects.forDisplay(job);
        assertTrue(shown.object().at("/metadata/managedFields").isMissingNode());
        assertTrue(shown.object().at("/metadata/annotations").path(SecretObjects.LAST_APPLIED).isMissingNode());
        assertEquals("ml-platform", shown.object().at("/metadata/annotations/example.com~1owner").asText());
        assertEquals(List.of("metadata.managedFields", "the " + SecretObjects.LAST_APPLIED + " annotation"), shown.leftOut());
    }

    @Test
    void aSecretObjectKeepsItsKeysButNoneOfItsValues() throws Exception {
        JsonNode secret = KubeJson.MAPPER.readTree("""
                {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s3-credentials"},
                 "data": {"secret-access-key": "c2VjcmV0LXZhbHVlLW5vdC1yZWFs"}, "stringData": {"note": "%s"}}"""
                .formatted(SecretJobs.SECRETS.get(12)));
        JsonNode out = SecretObjects.redact(secret).object();
        assertEquals(PLACEHOLDER, out.at("/data/secret-access-key").asText());
        assertEquals(PLACEHOLDER, out.at("/stringData/note").asText());
    }
}
