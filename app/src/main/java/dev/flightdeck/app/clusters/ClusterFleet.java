package dev.flightdeck.app.clusters;

import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.session.ClusterSession;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The clusters kept open at once, each with its own session, watches, scraper and connection
 * state. {@link #keepOpen} says which; clusters are opened in parallel and closed off the caller's
 * thread, so one unreachable or slow cluster never delays the others or the screen. Keyed by the
 * target's display name (the context name).
 */
public final class ClusterFleet implements AutoCloseable {

    /**
     * How a target becomes a started session (the console opens with each context's saved settings), e.g.
     * {@code t -> ClusterSessions.openStarted(t, options)}.
     */
    @FunctionalInterface
    public interface Opener {
        ClusterSession open(ConnectionTarget target) throws ConnectionProblem;
    }

    private final Opener opener;
    private final Map<String, OpenCluster> open = new LinkedHashMap<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private boolean closed;

    public ClusterFleet(Opener opener) {
        this.opener = opener;
    }

    /**
     * Opens every target not open yet and closes every open cluster not among {@code targets}.
     * A target whose kubeconfig entry changed (same name, other server or user) is opened again.
     * Returns at once; listeners hear as each cluster opens or fails.
     */
    public void keepOpen(List<? extends ConnectionTarget> targets) {
        List<OpenCluster> toClose = new ArrayList<>();
        List<OpenCluster> toStart = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                return;
            }
            Map<String, ConnectionTarget> wanted = new LinkedHashMap<>();
            targets.forEach(t -> wanted.put(t.displayName(), t));
            for (var it = open.entrySet().iterator(); it.hasNext(); ) {
                var e = it.next();
                ConnectionTarget w = wanted.get(e.getKey());
                if (w == null || !sameCluster(w, e.getValue().target())) {
                    toClose.add(e.getValue());
                    it.remove();
                }
            }
            for (var e : wanted.entrySet()) {
                if (!open.containsKey(e.getKey())) {
                    OpenCluster c = newCluster(e.getValue());
                    open.put(e.getKey(), c);
                    toStart.add(c);
                }
            }
        }
        toStart.forEach(OpenCluster::start);
        closeInBackground(toClose);
        if (!toClose.isEmpty() || !toStart.isEmpty()) {
            changed();
        }
    }

    /** Closes the cluster and opens it again (its settings changed); returns the new one. */
    public OpenCluster reopen(ConnectionTarget target) {
        OpenCluster old;
        OpenCluster c;
        synchronized (this) {
            if (closed) {
                return null;
            }
            old = open.remove(target.displayName());
            c = newCluster(target);
            open.put(target.displayName(), c);
        }
        if (old != null) {
            closeInBackground(List.of(old));
        }
        c.start();
        changed();
        return c;
    }

    /** Opens one more cluster (keeping the others), or returns it if it is open already; null once closed. */
    public OpenCluster add(ConnectionTarget target) {
        OpenCluster c;
        synchronized (this) {
            c = open.get(target.displayName());
            if (c != null && sameCluster(c.target(), target) || closed) {
                return c;
            }
            if (c != null) {
                closeInBackground(List.of(c));
            }
            c = newCluster(target);
            open.put(target.displayName(), c);
        }
        c.start();
        changed();
        return c;
    }

    /** A cluster keyed by its target's display name, reporting to this fleet's listeners; not started yet. */
    private OpenCluster newCluster(ConnectionTarget target) {
        return new OpenCluster(target.displayName(), target, opener, this::changed);
    }

    /**
     * Whether two targets reach the same cluster the same way: for contexts, the same entry (server,
     * cluster, user, namespace, file) — a kubeconfig that gained another context leaves this one open.
     */
    static boolean sameCluster(ConnectionTarget a, ConnectionTarget b) {
        if (a instanceof ConnectionTarget.Context x && b instanceof ConnectionTarget.Context y) {
            return x.name().equals(y.name()) && java.util.Objects.equals(entry(x), entry(y));
        }
        return a.equals(b);
    }

    private static dev.flightdeck.app.connect.KubeContext entry(ConnectionTarget.Context c) {
        return c.kubeconfig() == null ? null : c.kubeconfig().context(c.name()).orElse(null);
    }

    /** The open clusters, in the order they were asked for. */
    public synchronized List<OpenCluster> clusters() {
        return List.copyOf(open.values());
    }

    /** The open cluster of that name, else null. */
    public synchronized OpenCluster cluster(String name) {
        return open.get(name);
    }

    /** Told (on any thread) when a cluster is added, opens, fails or is closed. */
    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    private void changed() {
        listeners.forEach(Runnable::run);
    }

    private static void closeInBackground(List<OpenCluster> clusters) {
        for (OpenCluster c : clusters) {
            Thread.ofVirtual().name("close-" + c.name()).start(c::close);
        }
    }

    /** Closes every cluster, in parallel, and waits for them (at exit). */
    @Override
    public void close() {
        List<OpenCluster> all;
        synchronized (this) {
            closed = true;
            all = List.copyOf(open.values());
            open.clear();
        }
        List<Thread> closing = new ArrayList<>();
        for (OpenCluster c : all) {
            closing.add(Thread.ofVirtual().name("close-" + c.name()).start(c::close));
        }
        for (Thread t : closing) {
            try {
                t.join(java.time.Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
