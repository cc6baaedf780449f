package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.OptionalLong;

/**
 * Puts the checkpoint into every container of every pod template (conventions §4): the resume
 * variable (default {@code RESUME_FROM}, or the name in the workload's annotation
 * {@code flightdeck.dev/resume-env}) and {@code <name>_STEP}. Init containers count as
 * containers too (a sidecar or a data-staging step may need to know what is being loaded).
 * An existing variable of the same name is replaced in place, so a job resumed twice carries
 * the newer checkpoint, never two values.
 */
public final class ResumeEnv {

    public static final String DEFAULT_NAME = "RESUME_FROM";
    public static final String NAME_ANNOTATION = "flightdeck.dev/resume-env";
    public static final String RESUMED_FROM = "flightdeck.dev/resumed-from";
    public static final String RESUMED_FROM_STEP = "flightdeck.dev/resumed-from-step";

    private ResumeEnv() {
    }

    /**
     * The variable's name for this workload.
     *
     * @throws IllegalArgumentException with a line for the person when the annotation is no usable name
     */
    public static String name(Map<String, String> annotations) {
        String n = annotations == null ? null : annotations.get(NAME_ANNOTATION);
        if (n == null) {
            return DEFAULT_NAME;
        }
        // Kubernetes (1.30+) accepts any printable ASCII but '='; a shell does not, so stay strict.
        if (!n.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("annotation " + NAME_ANNOTATION + " is \"" + n
                    + "\", which is not an environment variable name (letters, digits and _, not starting with a digit)");
        }
        return n;
    }

    public static String stepName(String name) {
        return name + "_STEP";
    }

    /**
     * Sets the variables in every container of {@code workload} (changed in place) and records the
     * checkpoint in its annotations. Returns how many containers now carry the variable.
     */
    public static int apply(ObjectNode workload, ResumableKind kind, String name, ResumeLocation where, String checkpointUri) {
        int containers = 0;
        for (ObjectNode template : kind.podTemplates(workload)) {
            JsonNode spec = template.path("spec");
            for (String list : new String[]{"initContainers", "containers"}) {
                for (JsonNode c : spec.path(list)) {
                    if (c instanceof ObjectNode container) {
                        set(container, name, where.value());
                        setOrRemove(container, stepName(name), where.step());
                        containers++;
                    }
                }
            }
        }
        ObjectNode annotations = workload.with("metadata").with("annotations");
        annotations.put(RESUMED_FROM, checkpointUri);
        if (where.step().isPresent()) {
            annotations.put(RESUMED_FROM_STEP, Long.toString(where.step().getAsLong()));
        } else {
            annotations.remove(RESUMED_FROM_STEP);
        }
        return containers;
    }

    private static void set(ObjectNode container, String name, String value) {
        ArrayNode env = container.withArray("env");
        for (JsonNode e : env) {
            if (name.equals(e.path("name").asText()) && e instanceof ObjectNode var) {
                var.remove("valueFrom"); // a value from a ConfigMap or field would win over ours
                var.put("value", value);
                return;
            }
        }
        env.addObject().put("name", name).put("value", value);
    }

    /** A step from an earlier resume must not outlive it when this checkpoint's step is unknown. */
    private static void setOrRemove(ObjectNode container, String name, OptionalLong step) {
        if (step.isPresent()) {
            set(container, name, Long.toString(step.getAsLong()));
            return;
        }
        ArrayNode env = container.withArray("env");
        for (int i = env.size() - 1; i >= 0; i--) {
            if (name.equals(env.get(i).path("name").asText())) {
                env.remove(i);
            }
        }
        if (env.isEmpty()) {
            container.remove("env");
        }
    }
}
