package dev.flightdeck.app.palette;

import dev.flightdeck.app.clusters.OpenCluster;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.session.ClusterSession;

import java.util.ArrayList;
import java.util.List;

/**
 * The palette's lines for the clusters kept open, read from their live models (no request to any API server):
 * each cluster, its GPU nodes, its gangs and every rank of each gang. Off the FX thread: at 7,500 nodes and
 * 100k ranks this is a walk of each model, tens of milliseconds.
 */
public final class PaletteEntries {

    private PaletteEntries() {
    }

    /** A screen of the main window, by its navigation id and title. */
    public static PaletteEntry screen(String id, String title) {
        return PaletteEntry.goTo(new Target.Screen(id), title, null, "");
    }

    /** Clusters first, then every cluster's nodes, then gangs, then ranks: the order ties are listed in. */
    public static List<PaletteEntry> of(List<OpenCluster> clusters) {
        List<PaletteEntry> cl = new ArrayList<>();
        List<PaletteEntry> nodes = new ArrayList<>();
        List<PaletteEntry> gangs = new ArrayList<>();
        List<PaletteEntry> ranks = new ArrayList<>();
        for (OpenCluster c : clusters) {
            ClusterSession s = c.session();
            cl.add(PaletteEntry.goTo(new Target.Cluster(c.name()), c.name(), null,
                    c.stage().name().toLowerCase(java.util.Locale.ROOT)));
            if (s != null) {
                addNodes(c.name(), s.model().snapshot().nodes(), nodes);
                addGangs(c.name(), s.model().gangs(), gangs, ranks);
            }
        }
        List<PaletteEntry> all = new ArrayList<>(cl.size() + nodes.size() + gangs.size() + ranks.size());
        all.addAll(cl);
        all.addAll(nodes);
        all.addAll(gangs);
        all.addAll(ranks);
        return all;
    }

    static void addNodes(String cluster, List<GpuNode> nodes, List<PaletteEntry> out) {
        for (GpuNode n : nodes) {
            out.add(PaletteEntry.goTo(new Target.Node(cluster, n.name()), n.name(), null,
                    n.verdict().label() + " · " + cluster));
        }
    }

    static void addGangs(String cluster, List<Gang> gangs, List<PaletteEntry> out, List<PaletteEntry> ranks) {
        for (Gang g : gangs) {
            String name = g.key().toString();
            out.add(PaletteEntry.goTo(new Target.Gang(cluster, g.key()), name, null,
                    g.statusLabel() + " · " + g.ranks().size() + " ranks · " + cluster));
            for (RankSlot r : g.ranks()) {
                ranks.add(PaletteEntry.goTo(new Target.Rank(cluster, g.key(), r.rank(), r.pod()),
                        name + " rank " + r.rank(), r.pod(), rankDetail(r, cluster)));
            }
        }
    }

    private static String rankDetail(RankSlot r, String cluster) {
        String where = r.pod() == null ? "no pod" : r.pod() + (r.node() == null ? " · not scheduled" : " on " + r.node());
        return r.state().label() + " · " + where + " · " + cluster;
    }
}
