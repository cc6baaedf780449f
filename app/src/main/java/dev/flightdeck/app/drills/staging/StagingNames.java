package dev.flightdeck.app.drills.staging;

import dev.flightdeck.app.fleet.GpuLabels;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The names and marks of one drill on a staging cluster: an id unique to the run, its namespace,
 * its virtual nodes, and the label and taint ({@code flightdeck.dev/drill=ID}) that say an object is
 * the drill's. Everything the drill creates carries the label; its hands touch nothing without it.
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

    /** The label selector of everything the drill created. */
    public String selector() {
        return LABEL + "=" + id;
    }
}
