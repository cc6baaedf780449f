package dev.flightdeck.app.palette;

import java.util.List;
import java.util.Locale;

/**
 * What the palette can do to an object besides open it, by the word typed first: "drain gpu-node-013",
 * "logs training/rlhf-actor rank 5". Each goes through the same plan and confirmation as its button.
 */
public enum Verb {
    DRAIN("drain", "Drain a node (plan, then confirm)"),
    CORDON("cordon", "Cordon or uncordon a node (plan, then confirm)"),
    UNCORDON("uncordon", "Uncordon or cordon a node (plan, then confirm)"),
    PREFLIGHT("preflight", "Re-run preflight on a node (plan, then confirm)"),
    RESUME("resume", "Resume a halted, failed or stalled gang from its checkpoint (plan, then confirm)"),
    LOGS("logs", "A gang's logs, a rank's selected"),
    EVENTS("events", "The Events about a node or a gang"),
    YAML("yaml", "The YAML of a node, a gang or a rank's pod");

    private final String word;
    private final String what;

    Verb(String word, String what) {
        this.word = word;
        this.what = what;
    }

    public String word() {
        return word;
    }

    /** In words, for the palette's list. */
    public String what() {
        return what;
    }

    /** Whether the verb can act on {@code target}. */
    public boolean appliesTo(Target target) {
        return switch (this) {
            case DRAIN, CORDON, UNCORDON, PREFLIGHT -> target instanceof Target.Node;
            case RESUME -> target instanceof Target.Gang;
            case LOGS -> target instanceof Target.Gang || target instanceof Target.Rank;
            case EVENTS -> target instanceof Target.Node || target instanceof Target.Gang;
            case YAML -> target instanceof Target.Node || target instanceof Target.Gang
                    || target instanceof Target.Rank r && r.pod() != null;
        };
    }

    /**
     * The verb {@code word} names: the whole word, or the start of exactly one verb's ("dr" is drain, "c" is
     * nothing: cordon, and no other verb starts so, but one letter is too little to decide on), else null.
     */
    public static Verb named(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        for (Verb v : values()) {
            if (v.word.equals(w)) {
                return v;
            }
        }
        if (w.length() < 2) {
            return null;
        }
        List<Verb> starting = java.util.Arrays.stream(values()).filter(v -> v.word.startsWith(w)).toList();
        return starting.size() == 1 ? starting.getFirst() : null;
    }
}
