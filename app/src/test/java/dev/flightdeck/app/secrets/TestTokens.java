package dev.flightdeck.app.secrets;

import dev.flightdeck.testkit.TestSecrets;

/**
 * Secrets in the shapes people put into workloads, made up for the tests (none is valid anywhere) and registered
 * with the secrets scan. Each is built from parts so that no scanner of this repository mistakes it for a live one.
 */
public final class TestTokens {

    public static final String HF = TestSecrets.remember("hf_" + "QhT3vRkd8LmPz2WcYs7nGbXa4JeFuV9oKi");
    public static final String WANDB = TestSecrets.remember("9f8e7d6c5b4a3f2e1d0c" + "9b8a7f6e5d4c3b2a1f0e");
    public static final String OPENAI = TestSecrets.remember("sk-" + "proj-" + "Zx81LmQw29PoNe47RtYu56IoPa03SdFg");
    public static final String AWS_SECRET = TestSecrets.remember("wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYzEXAMPLEKE");
    public static final String AWS_KEY_ID = "AKIA" + "QX7ZEXAMPLE4B2WD";
    public static final String DB_PASSWORD = TestSecrets.remember("Tr41ner-" + "db-p4ssw0rd");
    public static final String GH_PAT = TestSecrets.remember("ghp_" + "R8tYuIoP0aSdFgHjKlZxCvBnM1234567qWeR");
    public static final String GITHUB_FINE = TestSecrets.remember("github_pat_" + "11ABCDEFG0123456789_abcdefghijKLMNOP");
    public static final String GITLAB = TestSecrets.remember("glpat-" + "x9Y8z7W6v5U4t3S2r1Q0");
    public static final String SLACK = TestSecrets.remember("xoxb-" + "1234567890-0987654321-AbCdEfGhIjKl");
    public static final String GOOGLE = TestSecrets.remember("AIza" + "SyD3xAmPlEkEy0123456789abcdefGHIJKL");
    public static final String JWT = TestSecrets.remember("eyJhbGciOiJSUzI1NiJ9." + "eyJzdWIiOiJ0cmFpbmVyIn0.c2lnbmF0dXJlLW5vdC1yZWFs");
    public static final String BEARER = TestSecrets.remember("Kq8v2LmZp0Xw" + "7RtNs4YuBc6De");
    public static final String PLAIN_PASSWORD = TestSecrets.remember("correct-" + "horse-battery");
    public static final String PEM_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" + "BKcwggSjAgEAAoIBAQC7fakefakefake";
    public static final String PEM = "-----BEGIN PRIVATE KEY-----\n" + PEM_BODY + "\n" + PEM_BODY.toLowerCase() + "\n"
            + "-----END PRIVATE KEY-----";

    static {
        TestSecrets.remember(PEM_BODY);
        TestSecrets.remember(AWS_KEY_ID);
    }

    private TestTokens() {
    }
}
