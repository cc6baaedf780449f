package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.Taint;

import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The filters of the nodes screen; a null or blank part matches everything. The text
 * is matched case-insensitively against name, reasons and labels; several words must
 * all match (so "h100 xid" finds H100 nodes with an Xid reason).
 *
 * @param team the nodes of one team (by the cluster's team key), or null for every node
 */
public record NodeFilter(NodeVerdict verdict, String taintKey, String product, String text, List<String> words,
                         Predicate<GpuNode> team)
        implements Predicate<NodeRow> {

    public static final NodeFilter NONE = new NodeFilter(null, null, null, null);

    /** The search text is split into lower-case words once here, not once per row tested. */
    public NodeFilter(NodeVerdict verdict, String taintKey, String product, String text) {
        this(verdict, taintKey, product, text, text == null || text.isBlank() ? List.of()
                : List.of(text.toLowerCase(Locale.ROOT).trim().split("\\s+")), null);
    }

    /** The same filter, narrowed to one team's nodes (null: every node). */
    public NodeFilter withTeam(Predicate<GpuNode> onlyTeam) {
        return new NodeFilter(verdict, taintKey, product, text, words, onlyTeam);
    }

    @Override
    public boolean test(NodeRow row) {
        GpuNode n = row.node();
        if (verdict != null && n.verdict() != verdict) {
            return false;
        }
        if (product != null && !product.equals(n.product())) {
            return false;
        }
        if (taintKey != null && !hasTaint(n, taintKey)) {
            return false;
        }
        if (team != null && !team.test(n)) {
            return false;
        }
        if (!words.isEmpty()) {
            String hay = row.haystack();
            for (String word : words) {
                if (!hay.contains(word)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean hasTaint(GpuNode n, String key) {
        for (Taint t : n.facts().taints()) {
            if (t.key().equals(key)) {
                return true;
            }
        }
        return false;
    }

    public boolean isEmpty() {
        return verdict == null && taintKey == null && product == null && team == null
                && (text == null || text.isBlank());
    }
}
