package dev.flightdeck.views.shell;

import dev.flightdeck.app.clusters.ClusterSearch;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.views.fleet.FleetLink;
import dev.flightdeck.views.nodes.NodesViewModel;

/**
 * Ways into a cluster from outside its screens, a cell of the fleet overview or a search hit: that cluster on
 * screen (switched to at once when it is kept open), then what was asked shown.
 */
final class ClusterLinks {

    private final MainWindow window;
    private final SessionController sessions;
    private final NodesViewModel nodes;
    private final TopBar topBar;

    ClusterLinks(MainWindow window, SessionController sessions, NodesViewModel nodes, TopBar topBar) {
        this.window = window;
        this.sessions = sessions;
        this.nodes = nodes;
        this.topBar = topBar;
    }

    /** The target of an open cluster or a context of the switcher, by name; null when neither knows it. */
    private ConnectionTarget targetNamed(String name) {
        var open = sessions.fleet().cluster(name);
        if (open != null) {
            return open.target();
        }
        return topBar.choices().stream().map(ContextChoice::target).filter(t -> t.displayName().equals(name))
                .findFirst().orElse(null);
    }

    /** A cell of the fleet overview: that cluster on screen (instant when open), the screen and filter the cell counts. */
    void open(String name, FleetLink link) {
        ConnectionTarget t = targetNamed(name);
        if (t == null) {
            return;
        }
        if (!isShowing(t)) {
            sessions.switchTo(t);
        }
        switch (link.screen()) {
            case NODES -> {
                nodes.clearFilters();
                nodes.verdictFilterProperty().set(link.nodeVerdict());
                nodes.taintFilterProperty().set(link.taintKey());
                window.showNodes();
            }
            case GANGS -> {
                window.showGangs();
                sessions.gangs().clearFilters();
                sessions.gangs().verdictFilterProperty().set(link.gangVerdict());
            }
            case PRESSURE -> window.showPressure();
        }
    }

    private boolean isShowing(ConnectionTarget t) {
        ConnectionTarget now = sessions.targetProperty().get();
        return now != null && now.displayName().equals(t.displayName()) && sessions.session() != null;
    }

    /**
     * A notification: its cluster on screen, then what it is about — the gang (halted, or waiting in its queue) or the
     * node selected; for several folded into one, the screen that lists them; for an unreachable cluster, its Nodes
     * screen, where the banner says why.
     */
    void open(dev.flightdeck.app.notify.Notification n) {
        ConnectionTarget t = targetNamed(n.cluster());
        if (t == null) {
            return;
        }
        Runnable select = () -> {
            switch (n.kind()) {
                case GANG_HALTED, QUEUED_TOO_LONG -> {
                    var row = n.subject() == null ? null : sessions.gangs().allRows().stream()
                            .filter(r -> r.key().toString().equals(n.subject())).findFirst().orElse(null);
                    if (row != null) {
                        window.openGang(row.key(), -1);
                    } else {
                        window.showGangs();
                        sessions.gangs().clearFilters();
                        if (n.kind() == dev.flightdeck.app.notify.Notification.Kind.GANG_HALTED) {
                            sessions.gangs().verdictFilterProperty().set(dev.flightdeck.app.gangs.GangVerdict.HALTED);
                        }
                    }
                }
                case NODE_UNTRUSTED -> {
                    if (n.subject() != null) {
                        window.openNode(n.subject());
                    } else {
                        nodes.clearFilters();
                        nodes.verdictFilterProperty().set(dev.flightdeck.app.nodes.NodeVerdict.UNTRUSTED);
                        window.showNodes();
                    }
                }
                case CLUSTER_UNREACHABLE -> window.showNodes();
            }
        };
        if (isShowing(t)) {
            select.run();
        } else {
            sessions.switchTo(t, select);
        }
    }

    /** A search hit: its cluster on screen, then the node (a pod's node) or the gang selected. */
    void open(ClusterSearch.Hit hit) {
        inCluster(hit.cluster(), () -> {
            if (hit.gang() != null) {
                window.openGang(hit.gang(), -1);
            } else if (hit.node() != null) {
                window.openNode(hit.node());
            }
        });
    }

    /**
     * Cluster {@code name} on screen, then {@code then}: at once when it is shown, else once its rows are on the
     * screens (switched to at once when it is kept open). False when no open cluster or context has that name.
     */
    boolean inCluster(String name, Runnable then) {
        ConnectionTarget t = targetNamed(name);
        if (t == null) {
            return false;
        }
        if (isShowing(t)) {
            then.run();
        } else {
            sessions.switchTo(t, then);
        }
        return true;
    }
}
