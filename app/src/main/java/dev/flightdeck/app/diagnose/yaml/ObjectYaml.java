package dev.flightdeck.app.diagnose.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.KubeContext;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.ApiResources;
import dev.flightdeck.app.kube.ApiResourcesCache;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ServedResource;
import dev.flightdeck.app.secrets.SecretObjects;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The read-only YAML of any object the console shows: which resource it is (from the server's discovery, as kubectl
 * resolves names), one GET, and the answer passed through the redaction boundary for display
 * ({@link SecretObjects#forDisplay}): secret values replaced, Secret references kept, managedFields and the
 * last-applied annotation left out. Secrets are refused before any request. One per connection (it keeps the
 * connection's discovery); blocking — a view calls {@link #fetchAsync} and shows the result on its own thread.
 */
public final class ObjectYaml {

    private final KubeRest rest;
    private final ApiResourcesCache resources;
    private final String defaultNamespace;

    /**
     * @param defaultNamespace where a namespaced object named without one is looked for: the context's namespace,
     *                         else {@code default}
     */
    public ObjectYaml(KubeRest rest, ApiResourcesCache resources, String defaultNamespace) {
        this.rest = rest;
        this.resources = resources;
        this.defaultNamespace = defaultNamespace == null || defaultNamespace.isBlank() ? "default" : defaultNamespace;
    }

    public static ObjectYaml of(KubeRest rest, String defaultNamespace) {
        return new ObjectYaml(rest, ApiResourcesCache.of(rest), defaultNamespace);
    }

    /**
     * For one open connection (make one per session and keep it: it keeps the cluster's discovery): objects named
     * without a namespace are looked for in the kubeconfig context's namespace, else {@code default}, as kubectl does.
     */
    public static ObjectYaml of(ClusterConnection connection, ConnectionTarget target) {
        String namespace = target instanceof ConnectionTarget.Context c && c.kubeconfig() != null
                ? c.kubeconfig().context(c.name()).map(KubeContext::namespace).orElse(null) : null;
        return of(new KubeRest(connection.api()), namespace);
    }

    /** {@link #fetch} on {@code executor}; the future fails with an {@link ObjectYamlProblem} as its cause. */
    public CompletableFuture<ShownObject> fetchAsync(ObjectRef ref, Executor executor) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return fetch(ref);
            } catch (ObjectYamlProblem p) {
                throw new CompletionException(p);
            }
        }, executor);
    }

    /** The object as the console shows it; a Secret is refused before anything is sent. */
    public ShownObject fetch(ObjectRef ref) throws ObjectYamlProblem {
        refuseSecrets(ref);
        ApiResource resource = resolve(ref);
        if (SecretRefusal.isSecrets(resource)) {
            throw SecretRefusal.refusal(describe(ref)); // a name discovery resolved to Secrets, however it was spelt
        }
        String namespace = resource.namespaced() ? (ref.namespace() == null || ref.namespace().isBlank()
                ? defaultNamespace : ref.namespace()) : null;
        ApiPath path = namespace == null ? resource.path().named(ref.name()) : resource.path().in(namespace).named(ref.name());
        KubeRest.Answer answer;
        try {
            answer = rest.get(path);
        } catch (IOException e) {
            throw new ObjectYamlProblem(ObjectYamlProblem.Reason.UNREADABLE, e.getMessage());
        }
        if (!answer.ok()) {
            throw problem(answer, resource, namespace, ref.name());
        }
        JsonNode raw;
        try {
            raw = answer.json();
        } catch (IOException e) {
            throw new ObjectYamlProblem(ObjectYamlProblem.Reason.UNREADABLE, "the server's answer for "
                    + resource.qualifiedName() + "/" + ref.name() + " is not JSON: " + e.getMessage());
        }
        return shown(resource, namespace, ref.name(), raw);
    }

    /** What the console shows of {@code raw}: the display copy, what was left out and where secrets were. */
    public static ShownObject shown(ApiResource resource, String namespace, String name, JsonNode raw) {
        SecretObjects.Shown display = SecretObjects.forDisplay(raw);
        // Where values were redacted, minus the places display leaves out anyway.
        List<String> redacted = SecretObjects.redact(raw).redacted().stream()
                .filter(p -> !p.startsWith("metadata.managedFields")
                        && !p.startsWith("metadata.annotations[" + SecretObjects.LAST_APPLIED + "]"))
                .toList();
        return new ShownObject(resource, namespace, name, display.object(), display.leftOut(), redacted);
    }

    private static void refuseSecrets(ObjectRef ref) throws ObjectYamlProblem {
        boolean secret = switch (ref) {
            case ObjectRef.Typed t -> SecretRefusal.namesSecrets(t.typed());
            case ObjectRef.OfKind k -> SecretRefusal.isSecretKind(k.apiVersion(), k.kind());
            case ObjectRef.OfResource r -> SecretRefusal.isSecrets(r.resource());
        };
        if (secret) {
            throw SecretRefusal.refusal(describe(ref));
        }
    }

    private ApiResource resolve(ObjectRef ref) throws ObjectYamlProblem {
        if (ref instanceof ObjectRef.OfResource r) {
            return r.resource();
        }
        try {
            Optional<ServedResource> found = switch (ref) {
                case ObjectRef.Typed t -> resources.find(t.typed());
                case ObjectRef.OfKind k -> resources.forKind(k.apiVersion(), k.kind());
                case ObjectRef.OfResource r -> throw new AssertionError("handled above");
            };
            if (found.isEmpty()) {
                throw unknown(ref, resources.resources());
            }
            ServedResource served = found.get();
            if (!served.verbs().isEmpty() && !served.verbs().contains("get")) {
                throw new ObjectYamlProblem(ObjectYamlProblem.Reason.NOT_GETTABLE, served.resource().qualifiedName()
                        + " cannot be read one by one (the server serves " + String.join(", ", served.verbs())
                        + " for it, not get)");
            }
            return served.resource();
        } catch (IOException e) {
            throw new ObjectYamlProblem(ObjectYamlProblem.Reason.UNREADABLE, "cannot read the server's discovery: "
                    + e.getMessage());
        }
    }

    private static ObjectYamlProblem unknown(ObjectRef ref, ApiResources served) {
        String what = switch (ref) {
            case ObjectRef.Typed t -> "the server has no resource type \"" + t.typed() + "\"";
            case ObjectRef.OfKind k -> "the server serves no " + k.kind() + " (" + k.apiVersion() + ")";
            case ObjectRef.OfResource r -> "the server serves no " + r.resource().qualifiedName();
        };
        String typed = ref instanceof ObjectRef.Typed t ? t.typed() : ref instanceof ObjectRef.OfKind k ? k.kind() : "";
        List<String> near = served.nearMatches(typed, 5);
        String message = what + (near.isEmpty() ? "" : "; did you mean " + String.join(", ", near) + "?");
        if (!served.notRead().isEmpty()) {
            message += " (discovery could not read " + String.join(", ", served.notRead()) + ")";
        }
        return new ObjectYamlProblem(ObjectYamlProblem.Reason.UNKNOWN_KIND, message);
    }

    private static ObjectYamlProblem problem(KubeRest.Answer a, ApiResource resource, String namespace, String name) {
        String where = namespace == null ? "" : " in namespace " + namespace;
        return switch (a.code()) {
            case 404 -> new ObjectYamlProblem(ObjectYamlProblem.Reason.NOT_FOUND, a.message() + where);
            case 401, 403 -> new ObjectYamlProblem(ObjectYamlProblem.Reason.FORBIDDEN, a.message());
            default -> new ObjectYamlProblem(ObjectYamlProblem.Reason.UNREADABLE, "get " + resource.qualifiedName() + "/"
                    + name + where + ": HTTP " + a.code() + ": " + a.message());
        };
    }

    /** {@code secret/registry-creds}, {@code Secret registry-creds}: the object as it was asked for. */
    private static String describe(ObjectRef ref) {
        return switch (ref) {
            case ObjectRef.Typed t -> t.typed() + "/" + t.name();
            case ObjectRef.OfKind k -> k.kind() + " " + k.name();
            case ObjectRef.OfResource r -> r.resource().resource() + "/" + r.name();
        };
    }
}
