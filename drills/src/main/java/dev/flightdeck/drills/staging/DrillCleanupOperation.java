package dev.flightdeck.drills.staging;

import dev.flightdeck.app.actions.ActionJournal;
import dev.flightdeck.app.actions.ActionRefused;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.actions.Operation;
import dev.flightdeck.app.actions.Permission;
import dev.flightdeck.app.settings.ClusterSettings;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Removing what one drill run left on a staging cluster, as an action like the others: the plan is
 * the run's objects listed once ({@link DrillInventory}) with their UIDs, journaled before anything
 * is deleted; on confirmation exactly those are deleted ({@link StagingCleanup}), every step
 * journaled, the outcome recorded once. Refused — besides read-only contexts and RBAC, which every
 * action gets from {@link ActionRun} — where the person's settings do not allow drills, where the
 * cluster has not opted in ({@link DrillOptIn}), and while the run looks alive (its virtual kubelet
 * renewed the nodes' Leases within their duration: a running drill removes its own objects).
 */
public final class DrillCleanupOperation implements Operation<DrillCleanupOperation.Plan, String, StagingCleanup.Result> {

    public static final String ACTION = "drill-cleanup";
    /** A virtual node's Lease lasts 40 s ({@link StagingObjects#lease}): renewed within that, its drill runs. */
    public static final Duration ALIVE_WITHIN = Duration.ofSeconds(40);

    /** The run's objects as they were listed, when. */
    public record Plan(String context, String runId, List<DrillObject> objects, Instant lastRenewal, Instant readAt) {
        public Plan {
            objects = List.copyOf(objects);
        }

        /** Whether the run's virtual kubelet renewed a Lease recently enough that the drill may be running. */
        public boolean looksAlive() {
            return lastRenewal != null && Duration.between(lastRenewal, readAt).compareTo(ALIVE_WITHIN) < 0;
        }

        long count(DrillObject.Kind kind) {
            return objects.stream().filter(o -> o.kind() == kind).count();
        }
    }

    private final ActionSession s;
    private final String context;
    private final ClusterSettings settings;
    private final StagingNames names;
    private volatile boolean stop;

    /** @param settings the person's settings for {@code context} (their {@code drills} key) */
    public DrillCleanupOperation(ActionSession s, String context, ClusterSettings settings, String runId) {
        this.s = s;
        this.context = context;
        this.settings = settings;
        this.names = new StagingNames(runId);
    }

    public static ActionRun<Plan, String, StagingCleanup.Result> run(ActionSession s, String context,
                                                                      ClusterSettings settings, String runId) {
        return new ActionRun<>(s, new DrillCleanupOperation(s, context, settings, runId));
    }

    @Override
    public String action() {
        return ACTION;
    }

    @Override
    public String target() {
        return "drill/" + names.id();
    }

    /** Lists the run's objects once; refused when the cluster has not opted in to drills. */
    @Override
    public Plan read() throws IOException, ActionRefused {
        String why = DrillOptIn.notAllowedByCluster(s.rest(), context);
        if (why != null) {
            throw new ActionRefused(why);
        }
        DrillInventory inv = DrillInventory.read(s.rest(), names);
        return new Plan(context, names.id(), inv.objects(), inv.lastRenewal(), s.clock().instant());
    }

    @Override
    public List<String> lines(Plan p) {
        List<String> out = new ArrayList<>();
        if (p.objects().isEmpty()) {
            out.add("drill cleanup " + p.runId() + " on context " + p.context() + ": nothing of this run is left (no "
                    + "namespace " + names.namespace() + ", no node " + names.nodePrefix() + "NNN labelled " + names.selector() + ")");
            return out;
        }
        out.add("drill cleanup " + p.runId() + " on context " + p.context() + ": would delete " + p.objects().size()
                + " objects — " + p.count(DrillObject.Kind.NAMESPACE) + " namespace, " + p.count(DrillObject.Kind.NODE)
                + " virtual nodes, " + p.count(DrillObject.Kind.LEASE) + " Leases, " + p.count(DrillObject.Kind.VALIDATION_JOB)
                + " validation Jobs — each by name and UID (one re-created since is left alone)");
        p.objects().forEach(o -> out.add("  " + o.line()));
        out.add("drill objects are disposable (the run's own namespace, virtual nodes without a kubelet, their Leases, "
                + "Flightdeck's validation Jobs on them): nothing is saved but this list of names and UIDs");
        if (p.looksAlive()) {
            out.add("the run's Leases were renewed " + Duration.between(p.lastRenewal(), p.readAt()).toSeconds()
                    + " s ago: the drill looks alive");
        }
        return out;
    }

    @Override
    public List<Permission> permissions(Plan p) {
        Set<Permission> needed = new LinkedHashSet<>();
        for (DrillObject o : p.objects()) {
            needed.add(switch (o.kind()) {
                case VALIDATION_JOB -> Permission.of("delete", "batch", "jobs").in(o.namespace());
                case NAMESPACE -> Permission.of("delete", "", "namespaces");
                case NODE -> Permission.of("delete", "", "nodes");
                case LEASE -> Permission.of("delete", "coordination.k8s.io", "leases").in(o.namespace());
            });
        }
        return List.copyOf(needed);
    }

    @Override
    public String refusal(Plan p) {
        String local = DrillOptIn.notAllowedLocally(context, settings);
        if (local != null) {
            return local;
        }
        if (p.objects().isEmpty()) {
            return "nothing of drill " + p.runId() + " is on context " + p.context();
        }
        if (p.looksAlive()) {
            long ago = Duration.between(p.lastRenewal(), p.readAt()).toSeconds();
            return "drill " + p.runId() + " looks alive: its virtual nodes' Leases were renewed " + ago + " s ago (a running "
                    + "drill removes its own objects when it ends); if it was killed, run this again in "
                    + Math.max(1, ALIVE_WITHIN.toSeconds() - ago) + " s";
        }
        return null;
    }

    @Override
    public Confirmation confirmation(Plan p, String reason) {
        List<Map<String, String>> objects = new ArrayList<>();
        for (DrillObject o : p.objects()) {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("kind", o.kind().word());
            if (o.namespace() != null) {
                m.put("namespace", o.namespace());
            }
            m.put("name", o.name());
            m.put("uid", o.uid());
            objects.add(m);
        }
        return new Confirmation("confirmed: delete drill " + p.runId() + "'s " + p.objects().size() + " objects on context "
                + p.context() + (reason.isBlank() ? "" : " — " + reason), Map.of("run", p.runId(), "objects", objects,
                "reason", reason));
    }

    @Override
    public StagingCleanup.Result execute(Plan p, String reason, ActionJournal journal, Consumer<String> events) {
        return new StagingCleanup(s.rest()).remove(p.objects(), events, () -> stop);
    }

    @Override
    public boolean cancel() {
        stop = true;
        return true;
    }

    @Override
    public String line(String event) {
        return event;
    }

    @Override
    public boolean isLast(String event) {
        return false;
    }

    @Override
    public Ending ending(Plan p, StagingCleanup.Result r) {
        StringBuilder summary = new StringBuilder("drill cleanup " + p.runId() + ": removed " + r.removed().size() + " of "
                + p.objects().size() + " objects");
        if (!r.leftAlone().isEmpty()) {
            summary.append("; changed since it was shown, left alone: ").append(String.join(", ", r.leftAlone()));
        }
        if (!r.left().isEmpty()) {
            summary.append("; left: ").append(String.join("; ", r.left()));
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("result", r.stopped() ? "STOPPED" : r.left().isEmpty() ? "REMOVED" : "PARTIAL");
        details.put("removed", r.removed());
        details.put("leftAlone", r.leftAlone());
        details.put("left", r.left());
        DrillObject about = p.objects().stream().filter(o -> o.kind() == DrillObject.Kind.NAMESPACE).findFirst()
                .orElse(p.objects().getFirst());
        return new Ending(summary.toString(), r.left().isEmpty(), details, new ClusterEvents.Regarding(
                about.kind().apiVersion(), about.kind().apiKind(), about.namespace(), about.name(), about.uid()),
                "FlightdeckDrillCleanup", "DrillCleanup");
    }
}
