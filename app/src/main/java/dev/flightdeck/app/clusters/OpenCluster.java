package dev.flightdeck.app.clusters;

import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.ProblemKind;
import dev.flightdeck.app.session.ClusterSession;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One cluster kept open in a fleet: its session, opened on a thread of its own so that a cluster
 * whose API server takes a minute to answer (or whose credential plugin hangs) delays nobody else.
 * A cluster that cannot be opened (credentials refused, kubeconfig entry broken) is tried again
 * on a back-off of 5 s doubling to 2 min, and says why in words meanwhile.
 */
public final class OpenCluster implements AutoCloseable {

    /** Where opening stands. A session that opened may still be reconnecting: its watches say so. */
    public enum Stage { OPENING, OPEN, FAILED, CLOSED }

    static final Duration FIRST_RETRY = Duration.ofSeconds(5);
    static final Duration LAST_RETRY = Duration.ofMinutes(2);

    private final String name;
    private final ConnectionTarget target;
    private final ClusterFleet.Opener opener;
    private final Runnable changed;
    private final Object lock = new Object();
    private volatile Stage stage = Stage.OPENING;
    private volatile ClusterSession session;
    private volatile String problem;

    OpenCluster(String name, ConnectionTarget target, ClusterFleet.Opener opener, Runnable changed) {
        this.name = name;
        this.target = target;
        this.opener = opener;
        this.changed = changed;
    }

    void start() {
        Thread.ofVirtual().name("open-" + name).start(this::openUntilDone);
    }

    private void openUntilDone() {
        Duration wait = FIRST_RETRY;
        while (stage != Stage.CLOSED) {
            try {
                ClusterSession s = opener.open(target);
                synchronized (lock) {
                    if (stage == Stage.CLOSED) {
                        closeQuietly(s);
                        return;
                    }
                    session = s;
                    problem = null;
                    stage = Stage.OPEN;
                    lock.notifyAll();
                }
                changed.run();
                return;
            } catch (ConnectionProblem p) {
                fail(p.getMessage());
            } catch (RuntimeException e) {
                // Not expected from the session layer; still one line, never a stack trace.
                fail("cannot connect to " + name + ": " + (e.getMessage() == null ? e.getClass().getSimpleName()
                        : e.getMessage().lines().findFirst().orElse("")));
            }
            try {
                synchronized (lock) {
                    if (stage == Stage.FAILED) {
                        lock.wait(wait.toMillis());
                    }
                    if (stage == Stage.FAILED) {
                        stage = Stage.OPENING;
                    }
                }
            } catch (InterruptedException e) {
                return;
            }
            wait = wait.multipliedBy(2).compareTo(LAST_RETRY) > 0 ? LAST_RETRY : wait.multipliedBy(2);
        }
    }

    private void fail(String why) {
        synchronized (lock) {
            if (stage == Stage.CLOSED) {
                return;
            }
            problem = why;
            stage = Stage.FAILED;
            lock.notifyAll();
        }
        changed.run();
    }

    /** Tries again at once when opening failed (the Retry of its row); a no-op otherwise. */
    public void retryNow() {
        synchronized (lock) {
            if (stage == Stage.FAILED) {
                stage = Stage.OPENING; // so that whoever waits now waits for this attempt, not the last one's failure
                lock.notifyAll();
            }
        }
        changed.run();
    }

    /**
     * Waits until the session is open or opening has failed once; returns the session, or throws
     * the problem in words. Never waits past {@code timeout}.
     */
    public ClusterSession awaitSession(long timeout, TimeUnit unit) throws ConnectionProblem, InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (lock) {
            while (stage == Stage.OPENING) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    throw new ConnectionProblem(ProblemKind.UNREACHABLE,
                            name + " did not answer within " + unit.toSeconds(timeout) + " s");
                }
                lock.wait(left);
            }
            if (stage == Stage.OPEN) {
                return session;
            }
            throw new ConnectionProblem(ProblemKind.UNREACHABLE,
                    stage == Stage.CLOSED ? name + " is closed" : problem);
        }
    }

    public String name() {
        return name;
    }

    public ConnectionTarget target() {
        return target;
    }

    public Stage stage() {
        return stage;
    }

    /** The open session, else null (still opening, failed, or closed). */
    public ClusterSession session() {
        return session;
    }

    /** Why it could not be opened, in words; null unless {@link Stage#FAILED}. */
    public String problem() {
        return problem;
    }

    /** Closes the session (if it opened) and stops trying; a close never blocks the caller on a slow cluster's I/O. */
    @Override
    public void close() {
        ClusterSession s;
        synchronized (lock) {
            if (stage == Stage.CLOSED) {
                return;
            }
            stage = Stage.CLOSED;
            s = session;
            session = null;
            lock.notifyAll();
        }
        closeQuietly(s);
        changed.run();
    }

    private void closeQuietly(ClusterSession s) {
        if (s == null) {
            return;
        }
        try {
            s.close();
        } catch (RuntimeException e) {
            System.getLogger(OpenCluster.class.getName()).log(System.Logger.Level.WARNING, "closing " + name + ": " + e);
        }
    }
}
