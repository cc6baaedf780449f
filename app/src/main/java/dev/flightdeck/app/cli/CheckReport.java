package dev.flightdeck.app.cli;

import dev.flightdeck.app.nodes.ClusterSnapshot;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The plain-text report of {@code check}: the fleet summary line first, then one line
 * per node that is not trusted, worst first: {@code <node>  <verdict>  <reasons>}.
 * Made for scripts and runbooks: stable columns, no colour, no decoration.
 */
public final class CheckReport {

    private CheckReport() {
    }

    public static List<String> lines(ClusterSnapshot fleet) {
        List<String> out = new ArrayList<>();
        out.add(fleet.summary().line());
        List<GpuNode> flagged = new ArrayList<>(fleet.nodes().stream()
                .filter(n -> n.verdict() != NodeVerdict.TRUSTED).toList());
        flagged.sort(Comparator.comparing(GpuNode::verdict).thenComparing(GpuNode::name));
        int width = flagged.stream().mapToInt(n -> n.name().length()).max().orElse(0);
        for (GpuNode n : flagged) {
            out.add(pad(n.name(), width) + "  " + pad(n.verdict().label(), 11) + "  " + n.trust().reasonText());
        }
        return out;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
