package dev.flightdeck.app.secrets;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Names that say their value is a secret, and names about secrets (or about tokens of text) that stay visible. */
class SecretNamesTest {

    @Test
    void namesThatHoldSecrets() {
        for (String secret : List.of("HF_TOKEN", "WANDB_API_KEY", "AWS_SECRET_ACCESS_KEY", "DB_PASSWORD", "apiKey", "privateKey",
                "GITHUB_TOKEN", "--hf-token", "basic-auth", "DATABASE_DSN", "REDIS_CONNECTION_STRING", "ssh-key", "passphrase",
                "WANDB_KEY", "--openai-key", "GH_PAT", "OPENAI_API_KEY", "x-api-key", "AUTH", "DB_PASS", "MYSQL_PWD",
                "client-key-data", "vault-token", "OAUTH_CLIENT_SECRET", "secret-key", "access-key", "api-key", "password",
                "pat", "auth", "session-key", "cookie")) {
            assertTrue(SecretNames.secret(secret), secret);
            assertTrue(SecretNames.secretFlag(secret), secret + " as a flag");
        }
    }

    @Test
    void namesAboutSecretsOrAboutTextTokensStayVisible() {
        for (String plain : List.of("MAX_TOKENS", "TOKENIZER", "TOKENIZER_PATH", "AUTHOR", "MASTER_ADDR", "KEY_FILE", "NCCL_IB_HCA",
                "--max-tokens", "--tokenizer", "RESUME_FROM", "AWS_REGION", "SORT_KEY", "PARTITION_KEY", "SECRET_NAME",
                "secretName", "secretKeyRef", "API_KEY_FILE", "PRIVATE_KEY_PATH", "TOKEN_URL", "AWS_ACCESS_KEY_ID", "PWD",
                "AUTH_MODE", "MAX_TOKEN_LENGTH", "expirationSeconds", "key", "PASS_THROUGH",
                "BYPASS_CACHE", "label-key", "S3_KEY", "--sort-key", "--key-file", "PATH", "HOSTNAME", "tokens_per_second",
                "KUBECONFIG", "--kubeconfig")) {
            assertFalse(SecretNames.secret(plain), plain);
        }
    }

    @Test
    void aBareKeyIsSecretOnlyAsAFlag() {
        assertTrue(SecretNames.secretFlag("--key"));
        assertTrue(SecretNames.secretFlag("-key"));
        assertFalse(SecretNames.secret("key"), "a YAML key: is a taint or label key");
        assertFalse(SecretNames.secretFlag("--sort-key"));
    }
}
