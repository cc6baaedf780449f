package dev.flightdeck.app.diagnose.yaml;

import dev.flightdeck.app.kube.ApiResource;

import java.util.Locale;
import java.util.Set;

/**
 * Secret objects are never fetched for display: their data would reach the screen, a copy, a terminal's scrollback.
 * Asked for one in any spelling — {@code secret}, {@code secrets}, {@code Secret}, {@code secrets.v1.} — the console
 * says so in words before any request, where the client's own guard
 * ({@link dev.flightdeck.app.connect.SecretsNeverRead}) would only refuse the request itself. What workloads say about
 * secrets stays visible: their {@code secretKeyRef}s, {@code envFrom} and volumes name a Secret and hold no value.
 */
public final class SecretRefusal {

    /** The refusal, in the same words as the client's guard. */
    public static final String WORDS = "Flightdeck never reads Secret objects (their values would reach the screen)";

    /** Spellings of the core Secret resource, lower-cased, trailing dot dropped ({@code secrets.v1.} is core v1). */
    private static final Set<String> SPELLINGS = Set.of("secret", "secrets", "secret.v1", "secrets.v1",
            "secret.core", "secrets.core", "secret.v1.core", "secrets.v1.core");

    private SecretRefusal() {
    }

    /** Whether {@code typed} (as given for kubectl) names the core Secret resource. */
    public static boolean namesSecrets(String typed) {
        String t = typed.strip().toLowerCase(Locale.ROOT);
        while (t.endsWith(".")) {
            t = t.substring(0, t.length() - 1);
        }
        return SPELLINGS.contains(t);
    }

    /** Whether {@code resource} is the core group's Secrets, whichever way it was found. */
    public static boolean isSecrets(ApiResource resource) {
        return resource.group().isEmpty() && resource.resource().equals("secrets");
    }

    /** Whether an apiVersion and kind (an owner reference, an Event's object) are a Secret. */
    public static boolean isSecretKind(String apiVersion, String kind) {
        return "Secret".equals(kind) && ("v1".equals(apiVersion) || apiVersion == null || apiVersion.isEmpty());
    }

    /** The refusal for {@code what} ({@code secret/registry-creds}), in one line. */
    public static ObjectYamlProblem refusal(String what) {
        return new ObjectYamlProblem(ObjectYamlProblem.Reason.SECRET_REFUSED, WORDS + ": not fetching " + what
                + "; the workloads that use it name it in their secretKeyRef, envFrom and volumes");
    }
}
