package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.Taint;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * What the Nodes screen's taint and product filters offer: the keys and products of the nodes shown, sorted.
 * FX thread only.
 */
final class NodeFilterChoices {

    /** The counts, copied: what a parked cluster keeps ({@link #restore}). */
    record Counts(TreeMap<String, Integer> taintKeys, TreeMap<String, Integer> products) {
    }

    // How many nodes carry each taint key and product: the filter choices follow the fleet
    // by counting what each change adds and removes, not by walking every node per batch.
    private final TreeMap<String, Integer> taintKeyCounts = new TreeMap<>();
    private final TreeMap<String, Integer> productCounts = new TreeMap<>();
    private final ObservableList<String> taintKeys = FXCollections.observableArrayList();
    // One read-only view, kept: a new wrapper per call loses its listeners when it is collected.
    private final ObservableList<String> taintKeysView = FXCollections.unmodifiableObservableList(taintKeys);
    private final ObservableList<String> products = FXCollections.observableArrayList();
    // One read-only view, kept: a new wrapper per call loses its listeners when it is collected.
    private final ObservableList<String> productsView = FXCollections.unmodifiableObservableList(products);

    /** Counts {@code n} in ({@code delta} 1) or out (-1). */
    void count(GpuNode n, int delta) {
        add(productCounts, n.product(), delta);
        List<Taint> taints = n.facts().taints();
        for (int i = 0; i < taints.size(); i++) {
            String key = taints.get(i).key();
            if (!repeatsEarlierKey(taints, i, key)) {
                add(taintKeyCounts, key, delta);
            }
        }
    }

    /** A key on a node twice (NoSchedule and NoExecute) counts the node once. */
    private static boolean repeatsEarlierKey(List<Taint> taints, int i, String key) {
        for (int j = 0; j < i; j++) {
            if (taints.get(j).key().equals(key)) {
                return true;
            }
        }
        return false;
    }

    private static void add(TreeMap<String, Integer> counts, String key, int delta) {
        counts.merge(key, delta, (a, b) -> a + b == 0 ? null : a + b);
    }

    /** The filter choices follow the fleet; lists are only touched when they really change. */
    void refresh() {
        if (!taintKeys.equals(new ArrayList<>(taintKeyCounts.keySet()))) {
            taintKeys.setAll(taintKeyCounts.keySet());
        }
        if (!products.equals(new ArrayList<>(productCounts.keySet()))) {
            products.setAll(productCounts.keySet());
        }
    }

    Counts saved() {
        return new Counts(new TreeMap<>(taintKeyCounts), new TreeMap<>(productCounts));
    }

    /** Adds the {@code saved} counts (to none: after {@link #clear}); the lists follow at the next {@link #refresh}. */
    void restore(Counts saved) {
        taintKeyCounts.putAll(saved.taintKeys());
        productCounts.putAll(saved.products());
    }

    /** Counts nothing any more; the lists follow at the next {@link #refresh}. */
    void clear() {
        taintKeyCounts.clear();
        productCounts.clear();
    }

    ObservableList<String> taintKeys() {
        return taintKeysView;
    }

    ObservableList<String> products() {
        return productsView;
    }
}
