package dev.flightdeck.app.actions;

import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.settings.DrainLimits;

import java.time.Clock;
import java.util.List;

/**
 * What every action on one cluster shares: the REST calls, the permission answers, who we are,
 * whether the context is read-only, and the journal. Made once per session; {@link #user()} asks
 * the API server once, lazily, so opening a cluster costs nothing until someone acts.
 */
public final class ActionSession {

    /** The session with its watches, or null for an action that reads what it needs itself (drill cleanup). */
    private final ClusterSession session;
    private final ClusterConnection connection;
    private final KubeRest rest;
    private final Permissions permissions;
    private final Journal journal;
    private final String readOnly;
    private final Clock clock;
    private final DrainLimits drainLimits;
    private volatile String user;

    /**
     * @param readOnly why the context is read-only ({@link ReadOnlyMode#reason}), or null
     * @param drainLimits how much of the fleet drains may take out of service at once (the drain circuit breaker's)
     */
    public ActionSession(ClusterSession session, Journal journal, String readOnly,
                         DrainLimits drainLimits, Clock clock) {
        this(session, session.connection(), journal, readOnly, drainLimits, clock);
    }

    /**
     * For an action that needs no watched model, only the connection (drill cleanup lists what it
     * deletes itself): the same journal, read-only refusal and RBAC answers as every other action.
     */
    public ActionSession(ClusterConnection connection, Journal journal, String readOnly,
                         Clock clock) {
        this(null, connection, journal, readOnly, DrainLimits.DEFAULTS, clock);
    }

    private ActionSession(ClusterSession session, ClusterConnection connection, Journal journal,
                          String readOnly, DrainLimits drainLimits, Clock clock) {
        this.drainLimits = drainLimits;
        this.session = session;
        this.connection = connection;
        this.rest = new KubeRest(connection.api());
        this.permissions = new Permissions(rest, clock);
        this.journal = journal;
        this.readOnly = readOnly;
        this.clock = clock;
    }

    /**
     * The session as the console and the headless commands both make it: the standard journal,
     * the context's read-only reason (settings or kubeconfig) and its drain circuit breaker.
     */
    public static ActionSession standard(ClusterSession session, dev.flightdeck.app.connect.ConnectionTarget target,
                                         dev.flightdeck.app.settings.SettingsFile.Loaded settings, Clock clock) {
        return new ActionSession(session, new Journal(dev.flightdeck.app.settings.AppDirectories.standard().data()
                .resolve("journal")), ReadOnlyMode.reason(target, settings),
                target instanceof dev.flightdeck.app.connect.ConnectionTarget.Context c
                        ? settings.forContext(c.name()).drainBreaker()
                        : DrainLimits.DEFAULTS,
                clock);
    }

    /** The watched session; only the actions made with one ask for it. */
    public ClusterSession session() {
        if (session == null) {
            throw new IllegalStateException("this action session has a connection only, no watched session");
        }
        return session;
    }

    public KubeRest rest() {
        return rest;
    }

    public Clock clock() {
        return clock;
    }

    /** The API server's URL, as the journal names the cluster. */
    public String clusterUrl() {
        return connection.api().baseUrl();
    }

    public Journal journal() {
        return journal;
    }

    /** Who the API server says we are (asked once; may block on the first call). */
    public String user() {
        String u = user;
        if (u == null) {
            u = Identity.who(rest, connection.user());
            user = u;
        }
        return u;
    }

    /** Why an action needing {@code needed} cannot be offered (read-only, or a missing permission), or null. May block. */
    public String whyNot(List<Permission> needed) {
        return readOnly != null ? readOnly : permissions.missing(needed);
    }

    /** The context's limits for the drain circuit breaker (which judges a fleet against them, in actions.drain). */
    public DrainLimits drainLimits() {
        return drainLimits;
    }

    public String readOnly() {
        return readOnly;
    }

    /** A journal for one run of {@code action} on {@code target}, stamped with cluster, context and identity. */
    public ActionJournal journalFor(String action, String target) {
        return new ActionJournal(journal, clock, clusterUrl(), connection.displayName(), user(), action, target);
    }

    /** What each action needs to be allowed to do. */
    public static final List<Permission> CORDON = List.of(Permission.of("patch", "", "nodes"));
    public static final List<Permission> DRAIN = List.of(Permission.of("patch", "", "nodes"),
            Permission.of("list", "", "pods"), Permission.of("create", "", "pods").sub("eviction"));
    public static final List<Permission> PREFLIGHT = List.of(Permission.of("patch", "", "nodes"),
            Permission.of("create", "batch", "jobs"), Permission.of("get", "", "pods").sub("log"));
}
