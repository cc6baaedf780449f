package dev.flightdeck.app.clusters;

import dev.flightdeck.app.model.ClusterModel;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.session.ClusterSession;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Finds a node, gang or pod by name in whichever open cluster holds it: exact names first, then
 * names that start with the query, then names that contain it (case-insensitive). Reads the live
 * models only (no request to any API server); off the FX thread — at 100k pods a cluster it is a
 * scan of each cluster's pod index, a few milliseconds each.
 */
public final class ClusterSearch {

    public enum Kind {
        NODE("node"), GANG("gang"), POD("pod");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * @param name   the node's name, the gang's NAMESPACE/NAME, or the pod's NAMESPACE/NAME
     * @param node   where to go on the Nodes screen: the node itself, or the pod's node (null when unscheduled)
     * @param gang   the gang's key (a gang), else null
     * @param detail what it is now, in words: the node's verdict, the gang's status, the pod's node
     */
    public record Hit(String cluster, Kind kind, String name, String node, GangKey gang, String detail, int closeness) { }

    /** How many hits per kind and cluster are kept: a search box shows a screenful, not a dump. */
    public static final int LIMIT = 20;

    private ClusterSearch() {
    }

    public static List<Hit> find(List<OpenCluster> clusters, String query) {
        String q = query == null ? "" : query.strip().toLowerCase(Locale.ROOT);
        List<Hit> out = new ArrayList<>();
        if (q.length() < 2) {
            return out; // one letter matches half of every fleet
        }
        for (OpenCluster c : clusters) {
            ClusterSession s = c.session();
            if (s != null) {
                findIn(c.name(), s.fleet(), q, out);
            }
        }
        out.sort(Comparator.comparingInt(Hit::closeness).thenComparing(Hit::kind).thenComparing(Hit::name)
                .thenComparing(Hit::cluster));
        return out;
    }

    private static void findIn(String cluster, ClusterModel fleet, String q, List<Hit> out) {
        int nodes = 0;
        for (String n : fleet.gpuNodeNames()) {
            int close = closeness(n, q);
            if (close >= 0 && nodes++ < LIMIT) {
                GpuNode node = fleet.node(n);
                out.add(new Hit(cluster, Kind.NODE, n, n, null, node == null ? "" : node.verdict().label(), close));
            }
        }
        int gangs = 0;
        for (Gang g : fleet.gangs()) {
            int close = closer(closeness(g.key().name(), q), closeness(g.key().toString(), q));
            if (close >= 0 && gangs++ < LIMIT) {
                out.add(new Hit(cluster, Kind.GANG, g.key().toString(), null, g.key(), g.statusLabel(), close));
            }
        }
        for (PodFacts p : fleet.podsNamed(name -> name.toLowerCase(Locale.ROOT).contains(q), LIMIT)) {
            out.add(new Hit(cluster, Kind.POD, p.namespace() + "/" + p.name(), p.nodeName(), null,
                    p.nodeName() == null ? "not scheduled" : "on " + p.nodeName(), closeness(p.name(), q)));
        }
    }

    private static int closer(int a, int b) {
        return a < 0 ? b : b < 0 ? a : Math.min(a, b);
    }

    /** 0 exact, 1 prefix, 2 contains, -1 no match; the smaller, the closer. */
    private static int closeness(String name, String q) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.equals(q)) {
            return 0;
        }
        if (n.startsWith(q)) {
            return 1;
        }
        return n.contains(q) ? 2 : -1;
    }
}
