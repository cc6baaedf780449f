package dev.flightdeck.app.secrets;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.flightdeck.app.secrets.SecretText.PLACEHOLDER;
import static dev.flightdeck.app.secrets.TestTokens.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Free text: every shape the issue names is taken out, what only looks like one stays, and twice is once. */
class SecretTextTest {

    private static void redacts(String text, String secret) {
        String out = SecretText.redact(text);
        assertFalse(out.contains(secret), "still holds the secret: " + out.replace(secret, "#SECRET#"));
        assertTrue(out.contains(PLACEHOLDER), out);
        assertEquals(out, SecretText.redact(out), "redacting twice changes nothing more");
    }

    private static void keeps(String text) {
        assertEquals(text, SecretText.redact(text));
    }

    @Test
    void assignmentsFlagsAndShellLines() {
        redacts("OPENAI_API_KEY=" + OPENAI, OPENAI);
        redacts("env HF_TOKEN=" + HF + " uploader", HF);
        redacts("--wandb-key=" + WANDB, WANDB);
        redacts("--wandb-key " + WANDB + " --epochs 3", WANDB);
        redacts("--key " + PLAIN_PASSWORD, PLAIN_PASSWORD);
        redacts("--password=" + PLAIN_PASSWORD, PLAIN_PASSWORD);
        redacts("--pat '" + PLAIN_PASSWORD + "'", PLAIN_PASSWORD);
        redacts("--auth \"" + PLAIN_PASSWORD + "\"", PLAIN_PASSWORD);
        redacts("bash -c \"export AWS_SECRET_ACCESS_KEY=" + AWS_SECRET + " && exec python train.py\"", AWS_SECRET);
        redacts("DB_PASSWORD=" + PLAIN_PASSWORD + " python migrate.py", PLAIN_PASSWORD);
        redacts("curl -H \"Authorization: Bearer " + BEARER + "\" https://api.internal/v1", BEARER);
        redacts("curl -H 'X-Api-Key: " + PLAIN_PASSWORD + "' https://api.internal/v1", PLAIN_PASSWORD);
        redacts("Authorization: Basic " + BEARER, BEARER);
        redacts("GET /v1/runs?token=" + PLAIN_PASSWORD + "&page=2", PLAIN_PASSWORD);
        assertEquals("--wandb-key " + PLACEHOLDER + " --epochs 3", SecretText.redact("--wandb-key " + WANDB + " --epochs 3"));
        assertEquals("export HF_TOKEN=\"" + PLACEHOLDER + "\"", SecretText.redact("export HF_TOKEN=\"" + HF + "\""));
    }

    @Test
    void urlsKeepEverythingButThePassword() {
        assertEquals("DATABASE_URL=postgres://trainer:" + PLACEHOLDER + "@db.internal:5432/runs",
                SecretText.redact("DATABASE_URL=postgres://trainer:" + DB_PASSWORD + "@db.internal:5432/runs"));
        keeps("s3://checkpoints/llama/step-1200/ and https://db.internal:5432/runs and git@github.com:org/repo.git");
    }

    @Test
    void tokensByTheirShapeUnderAnyName() {
        for (String token : List.of(HF, OPENAI, GH_PAT, GITHUB_FINE, GITLAB, SLACK, GOOGLE, JWT, AWS_KEY_ID)) {
            redacts("SOME_NEUTRAL_NAME=" + token, token);
            redacts("value: " + token, token);
            redacts("the log said " + token + ", then stopped", token);
        }
        redacts("aws configure set " + AWS_KEY_ID + " " + AWS_SECRET, AWS_SECRET);
        String sha = "9c2f1e0b7a4d3c8e5f6a1b2c3d4e5f6a7b8c9d0e";
        assertTrue(SecretText.redact("key id " + AWS_KEY_ID + " at commit " + sha).endsWith(" at commit " + sha),
                "a commit beside a key id is no secret access key");
    }

    @Test
    void yamlAndJson() {
        redacts("    password: " + PLAIN_PASSWORD, PLAIN_PASSWORD);
        redacts("{\"token\": \"" + PLAIN_PASSWORD + "\", \"n\": 1}", PLAIN_PASSWORD);
        redacts("{\"name\":\"HF_TOKEN\",\"value\":\"" + PLAIN_PASSWORD + "\"}", PLAIN_PASSWORD);
        String diff = String.join("\n", " env:", " - name: WANDB_API_KEY", "   value: " + PLAIN_PASSWORD, "+- name: RESUME_FROM",
                "+  value: s3://checkpoints/llama/step-1200/");
        String out = SecretText.redact(diff);
        assertFalse(out.contains(PLAIN_PASSWORD), out);
        assertTrue(out.contains("+  value: s3://checkpoints/llama/step-1200/"), out);
        redacts(PEM, PEM_BODY);
        redacts("client-key-data: " + java.util.Base64.getEncoder().encodeToString(PEM.getBytes(StandardCharsets.US_ASCII)),
                "LS0tLS1CRUdJTiBQUklWQVRF");
    }

    @Test
    void whatOnlyLooksLikeASecretStays() {
        keeps("MAX_TOKENS=4096 TOKENIZER=meta-llama/Llama-3 --max-tokens 4096 --tokenizer t5 --sort-key rank");
        keeps("tolerations:\n- key: nvidia.com/gpu\n  operator: Exists\n  effect: NoSchedule");
        keeps("valueFrom:\n  secretKeyRef:\n    name: s3-credentials\n    key: secret-access-key");
        keeps("automountServiceAccountToken: false");
        keeps("rank 5 failed: NCCL error: unhandled system error (first, 14:02:11)");
        keeps("flightdeck: the token file /var/run/secrets/token could not be read");
        keeps("-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----");
        keeps("drain gpu-node-017: evicted 8 pods, 1 refused (PodDisruptionBudget training/llama-pdb)");
    }

    @Test
    void theConsolesOwnWordsPassUnchanged() {
        // --help names flags whose values are paths and names (--kubeconfig FILE, --context NAME): none is a secret.
        keeps(dev.flightdeck.app.launch.LaunchOptions.USAGE);
        keeps("flightdeck: this Flightdeck has no embedded sandbox to start; connect to a cluster with --kubeconfig FILE --context NAME");
    }

    @Test
    void knownValuesGoWhereverTheyAppear() {
        String held = "zq" + "9Rk2Lm8Vn4Xp"; // a password with no telling name or shape
        dev.flightdeck.testkit.TestSecrets.remember(held);
        keeps("error: " + held + " rejected");
        KnownSecrets.register(held);
        redacts("error: " + held + " rejected", held);
    }

    @Test
    void theStreamRedactsWholeLinesAndPrivateKeyBlocks() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = Redaction.stream(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        out.print("--hf-token ");
        out.print(HF.substring(0, 10));
        out.println(HF.substring(10));
        PEM.lines().forEach(out::println);
        out.printf("DATABASE_URL=postgres://trainer:%s@db:5432/runs%n", DB_PASSWORD);
        out.print("no newline yet: HF_TOKEN=" + HF);
        out.flush();
        String printed = bytes.toString(StandardCharsets.UTF_8);
        for (String secret : List.of(HF, PEM_BODY, DB_PASSWORD)) {
            assertFalse(printed.contains(secret), printed);
        }
        assertEquals(List.of("--hf-token " + PLACEHOLDER, PLACEHOLDER, "DATABASE_URL=postgres://trainer:" + PLACEHOLDER
                + "@db:5432/runs", "no newline yet: HF_TOKEN=" + PLACEHOLDER), printed.lines().toList());
        assertTrue(Redaction.stream(out) == out, "a guarded stream is not wrapped twice");
    }
}
