package dev.flightdeck.drills.staging;

import dev.flightdeck.app.nodes.GpuLabels;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The names and marks of one drill on a staging cluster: an id unique to the run, its namespace,
 * its virtual nodes, and the label and taints ({@code flightdeck.dev/drill=ID}) that say an object is
 * the drill's. Everything the drill creates carries the label; its hands touch nothing without it.
 * An object is the run's only when both its label value is the run's id and its name is one the run
 * gives ({@link #ownsNamespace}, {@link #ownsNode}): a label alone can be copied, a name alone
 * can be taken by anyone, and a run's id may be the start of another's.
 */
public record StagingNames(String id) {

    public static final String LABEL = GpuLabels.DRILL;

    /** A fresh id: the scenario's first letters and a random suffix (label values and node names stay short). */
    public static StagingNames fresh(String scenarioId) {
        byte[] b = new byte[3];
        new SecureRandom().nextBytes(b);
        String head = scenarioId.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "");
        head = head.length() > 20 ? head.substring(0, 20) : head;
        return new StagingNames(head.replaceAll("-+$", "") + "-" + HexFormat.of().formatHex(b));
    }

    public String namespace() {
        return "flightdeck-drill-" + id;
    }

    public String node(int i) {
        return nodePrefix() + String.format("%03d", i);
    }

    /** What every one of the drill's node names starts with. */
    public String nodePrefix() {
        return "drill-" + id + "-gpu-";
    }

    /** Whether a namespace named {@code name} and labelled {@code labelValue} is this run's: its one namespace. */
    public boolean ownsNamespace(String name, String labelValue) {
        return id.equals(labelValue) && namespace().equals(name);
    }

    /**
     * Whether a node named {@code name} and labelled {@code labelValue} is one of this run's: its
     * prefix followed by the node's number only, so run {@code a}'s rule never takes run {@code a-gpu}'s nodes.
     */
    public boolean ownsNode(String name, String labelValue) {
        if (!id.equals(labelValue) || name == null || !name.startsWith(nodePrefix())) {
            return false;
        }
        String number = name.substring(nodePrefix().length());
        return !number.isEmpty() && number.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** The label selector of everything the drill created. */
    public String selector() {
        return LABEL + "=" + id;
    }
}
