package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.flightdeck.app.actions.resume.SecretRedaction.PLACEHOLDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a resume journals has its secrets left out, and nothing else: a PyTorchJob shaped as the
 * training-operator and kubectl leave it (replica specs, the "pytorch" container, env from literals
 * and from a Secret, kubectl's last-applied-configuration repeating the manifest).
 */
class SecretRedactionTest {

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
                .put(SecretRedaction.LAST_APPLIED, KubeJson.MAPPER.writeValueAsString(job));
        return job;
    }

    @Test
    void literalSecretsAreReplacedAndEverythingElseKept() throws Exception {
        JsonNode job = pytorchJob();
        String before = job.toString();
        SecretRedaction.Result r = SecretRedaction.redact(job);
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
                .path(SecretRedaction.LAST_APPLIED).asText());
        assertEquals(PLACEHOLDER, lastApplied.at("/spec/pytorchReplicaSpecs/Master/template/spec/containers/0/env/0/value").asText());
        assertEquals(3, lastApplied.at("/spec/pytorchReplicaSpecs/Worker/replicas").asInt(), "the applied manifest is still whole");

        assertTrue(r.redacted().contains("spec.pytorchReplicaSpecs.Master.template.spec.containers[pytorch].env[HF_TOKEN]"),
                String.join("\n", r.redacted()));
        assertTrue(r.redacted().contains("metadata.annotations[example.com/db-password]"), String.join("\n", r.redacted()));
        assertTrue(r.redacted().stream().anyMatch(p -> p.startsWith("metadata.annotations[" + SecretRedaction.LAST_APPLIED + "]: ")),
                String.join("\n", r.redacted()));
    }

    @Test
    void namesThatHoldSecretsAndNamesThatDoNot() {
        for (String secret : List.of("HF_TOKEN", "WANDB_API_KEY", "AWS_SECRET_ACCESS_KEY", "DB_PASSWORD", "apiKey", "privateKey",
                "GITHUB_TOKEN", "--hf-token", "basic-auth", "DATABASE_DSN", "REDIS_CONNECTION_STRING", "ssh-key", "passphrase",
                "WANDB_KEY", "--openai-key", "API_KEY_FILE")) {
            assertTrue(SecretRedaction.secretName(secret), secret);
        }
        for (String plain : List.of("MAX_TOKENS", "TOKENIZER_PATH", "AUTHOR", "MASTER_ADDR", "KEY_FILE", "NCCL_IB_HCA",
                "--max-tokens", "--tokenizer", "RESUME_FROM", "AWS_REGION", "SORT_KEY", "PARTITION_KEY", "KEY")) {
            assertFalse(SecretRedaction.secretName(plain), plain);
        }
        assertTrue(SecretRedaction.secretValue("-----BEGIN RSA PRIVATE KEY-----\nMIIE...\n-----END RSA PRIVATE KEY-----"));
        assertTrue(SecretRedaction.secretValue("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzeXN0ZW0ifQ.c2lnbmF0dXJl"));
        assertTrue(SecretRedaction.secretValue("AKIA" + "ABCDEFGHIJKLMNOP"));
        assertFalse(SecretRedaction.secretValue("s3://checkpoints/llama-sft/step-1200/"));
    }
}
