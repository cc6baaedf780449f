package dev.flightdeck.app.diagnose.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.secrets.SecretObjects;

import java.util.ArrayList;
import java.util.List;

/**
 * One object as the console shows it: already through the redaction boundary (secret values replaced, references
 * to Secrets kept), {@code metadata.managedFields} and kubectl's last-applied-configuration left out. What a view
 * displays and lets a person copy is {@link #yaml()}; nothing here holds the object as the server sent it.
 *
 * @param leftOut  what was taken out entirely ({@code metadata.managedFields}, the last-applied annotation)
 * @param redacted where secret values were replaced ({@code spec.containers[trainer].env[HF_TOKEN]})
 */
public record ShownObject(ApiResource resource, String namespace, String name, JsonNode object, List<String> leftOut,
                          List<String> redacted) {

    public ShownObject {
        object = object.deepCopy();
        leftOut = List.copyOf(leftOut);
        redacted = List.copyOf(redacted);
    }

    /** {@code Pod training/llm-0}, {@code Node gpu-node-007}. */
    public String title() {
        return resource.kind() + " " + (namespace == null ? "" : namespace + "/") + name;
    }

    /**
     * What was done to the object for display, one line each — e.g. "managedFields left out",
     * "kubectl.kubernetes.io/last-applied-configuration left out (the object again, as last applied)",
     * "2 secret values redacted: …". Empty when the object is shown whole.
     */
    public List<String> notes() {
        List<String> notes = new ArrayList<>();
        for (String l : leftOut) {
            if (l.equals("metadata.managedFields")) {
                notes.add("managedFields left out");
            } else if (l.contains(SecretObjects.LAST_APPLIED)) {
                notes.add(SecretObjects.LAST_APPLIED + " left out (the object again, as last applied)");
            } else {
                notes.add(l + " left out");
            }
        }
        if (!redacted.isEmpty()) {
            notes.add(redacted.size() + (redacted.size() == 1 ? " secret value" : " secret values") + " redacted: "
                    + String.join(", ", redacted));
        }
        return notes;
    }

    /** As {@code kubectl get -o yaml} writes it, after a {@code # } comment line for each of {@link #notes()}. */
    public String yaml() {
        StringBuilder b = new StringBuilder();
        notes().forEach(n -> b.append("# ").append(n.replace('\n', ' ')).append('\n'));
        return b.append(KubectlYaml.render(object)).toString();
    }

    /** As {@code kubectl get -o json} writes it (JSON has no comments: {@link #notes()} go beside it). */
    public String json() {
        return KubectlJson.render(object);
    }
}
