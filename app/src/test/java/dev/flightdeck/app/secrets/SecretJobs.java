package dev.flightdeck.app.secrets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.watch.KubeJson;

import java.util.List;

import static dev.flightdeck.app.secrets.TestTokens.*;

/**
 * An Indexed Job whose pod template carries secrets in every everyday shape (the six and more), and
 * the values around them that must stay visible. Used as a unit-test object and created on the real control plane.
 */
public final class SecretJobs {

    /** Every secret the job carries, for "none of these is in the output". */
    public static final List<String> SECRETS = List.of(HF, WANDB, OPENAI, AWS_SECRET, DB_PASSWORD, GH_PAT, GITHUB_FINE,
            GITLAB, SLACK, GOOGLE, JWT, BEARER, PLAIN_PASSWORD, PEM_BODY, AWS_KEY_ID);
    /** Values beside them that a person needs to see, and that must survive. */
    public static final List<String> VISIBLE = List.of("MAX_TOKENS", "4096", "TOKENIZER", "meta-llama/Llama-3.1-8B",
            "--max-tokens", "--tokenizer", "db.internal:5432/runs", "ghcr.io/example/trainer:2026.11", "python train.py");

    private SecretJobs() {
    }

    /** The Job as a person applies it (kubectl apply adds its last-applied-configuration). */
    public static ObjectNode job(String namespace, String name, int ranks) {
        String text = """
                {"apiVersion": "batch/v1", "kind": "Job",
                 "metadata": {"name": "%2$s", "namespace": "%1$s",
                   "labels": {"app": "trainer"},
                   "annotations": {"example.com/owner": "ml-platform", "example.com/slack-token": "%14$s",
                                   "example.com/ssh-config": "%17$s", "example.com/session": "%13$s"}},
                 "spec": {"completionMode": "Indexed", "completions": %3$d, "parallelism": %3$d, "backoffLimit": 0,
                   "template": {"metadata": {"labels": {"app": "trainer"}},
                     "spec": {"restartPolicy": "Never",
                       "tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
                       "containers": [
                         {"name": "trainer", "image": "ghcr.io/example/trainer:2026.11",
                          "command": ["bash", "-c", "export AWS_SECRET_ACCESS_KEY=%7$s && exec python train.py --max-tokens 4096 --tokenizer meta-llama/Llama-3.1-8B"],
                          "args": ["--wandb-key=%5$s", "--api-key", "%16$s", "-H", "Authorization: Bearer %15$s"],
                          "env": [{"name": "HF_TOKEN", "value": "%4$s"},
                                  {"name": "DATABASE_URL", "value": "postgres://trainer:%8$s@db.internal:5432/runs"},
                                  {"name": "GH_PAT", "value": "%9$s"},
                                  {"name": "CI_CHECKOUT", "value": "%10$s"},
                                  {"name": "GITLAB_THING", "value": "%11$s"},
                                  {"name": "MAPS", "value": "%12$s"},
                                  {"name": "S3_ID", "value": "%18$s"},
                                  {"name": "S3_SK", "value": "%7$s"},
                                  {"name": "TLS_KEY_PEM", "value": "%19$s"},
                                  {"name": "MAX_TOKENS", "value": "4096"},
                                  {"name": "TOKENIZER", "value": "meta-llama/Llama-3.1-8B"},
                                  {"name": "S3_CREDS", "valueFrom": {"secretKeyRef": {"name": "s3-credentials", "key": "secret-access-key"}}}]},
                         {"name": "uploader", "image": "ghcr.io/example/uploader:1.4",
                          "command": ["env", "OPENAI_API_KEY=%6$s", "uploader"]}]}}}}"""
                .formatted(namespace, name, ranks, HF, WANDB, OPENAI, AWS_SECRET, DB_PASSWORD, GH_PAT, GITHUB_FINE, GITLAB,
                        GOOGLE, JWT, SLACK, BEARER, PLAIN_PASSWORD,
                        java.util.Base64.getEncoder().encodeToString(("Host *\n  IdentityFile " + PEM_BODY).getBytes(
                                java.nio.charset.StandardCharsets.US_ASCII)),
                        AWS_KEY_ID, PEM.replace("\n", "\\n"));
        try {
            ObjectNode job = (ObjectNode) KubeJson.MAPPER.readTree(text);
            ObjectNode applied = job.deepCopy();
            ((ObjectNode) job.with("metadata").with("annotations")).put(SecretObjects.LAST_APPLIED,
                    KubeJson.MAPPER.writeValueAsString(applied));
            return job;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
