package dev.flightdeck.drills;

import dev.flightdeck.app.actions.drain.CircuitBreaker;
import dev.flightdeck.drills.AuditReads.Seen;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.journal.JournalEntry;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * One drill's judging, a tick at a time on the drill's own thread: take in what the operator did
 * (console navigation, journal lines, the API audit), strike the faults that are due or triggered,
 * lift those that end by themselves, repair a node when the scenario rehearses a repair, sample the
 * cluster, judge every struck fault's goals and watch for mistakes, all on one clock.
 */
final class DrillEngine {

    final Scenario scenario;
    final DrillClock clock;
    final DrillView view;
    final FaultInjector injector;
    final JournalFollower journal;
    final boolean readsFromAudit;
    /** Whether the cluster's requests are audited (a sandbox); if not, removals are read from the model during a drain. */
    final boolean audited;
    final Map<String, String> resolvedNodes;
    final List<FaultProgress> faults = new ArrayList<>();
    final List<OperatorStep> steps = new ArrayList<>();
    /** The pods (on their nodes) whose log the operator read: one step each. */
    private final Set<String> logsRead = new HashSet<>();
    final List<String> done = new ArrayList<>();
    final List<TimelineEvent> timeline = new ArrayList<>();
    final List<DrillSample> samples = new ArrayList<>();
    final List<String> problems = new ArrayList<>();
    final Map<String, ResumeSeen> resumes = new LinkedHashMap<>();
    final StormLoad storm = new StormLoad();
    final GpuHoursLedger ledger;
    final MistakeWatch mistakes;
    private final GoalJudge judge;
    private final FaultSchedule schedule;
    private final java.util.function.Function<String, DrillHands.Saved> newest;
    private final Queue<OperatorStep> console = new ConcurrentLinkedQueue<>();
    private final Queue<AuditedRequest> audit = new ConcurrentLinkedQueue<>();
    private final Map<String, NodeVerdict> nodeVerdicts = new HashMap<>();
    private final Map<String, Boolean> cordons = new HashMap<>();
    private final Map<String, GangVerdict> gangVerdicts = new HashMap<>();
    /** Where each pod was, and which gangs ran healthy, at each recent tick: "a moment before" a removal. */
    private final RecentMoments moments = new RecentMoments();
    /** Actions confirmed (or, for a resume, saved) whose outcome the journal does not hold yet: "action target". */
    private final Set<String> underway = new HashSet<>();
    /** The last thing the operator did (a journal line, a request): the model needs a moment to show its effect. */
    private Instant lastActivity;
    private Instant lastSample;

    DrillEngine(Scenario scenario, DrillClock clock, DrillView view, FaultInjector injector, JournalFollower journal,
                boolean audited, boolean readsFromAudit, Map<String, String> resolvedNodes,
                java.util.function.Function<String, DrillHands.Saved> newest,
                CircuitBreaker breaker) {
        this.scenario = scenario;
        this.clock = clock;
        this.view = view;
        this.injector = injector;
        this.journal = journal;
        this.readsFromAudit = readsFromAudit;
        this.audited = audited;
        this.resolvedNodes = Map.copyOf(resolvedNodes);
        this.newest = newest;
        scenario.faults().forEach(f -> faults.add(new FaultProgress(f)));
        Map<String, Integer> gpus = new LinkedHashMap<>();
        scenario.cluster().gangs().forEach(g -> gpus.put(g.namespace() + "/" + g.name(), g.ranks() * g.gpusPerRank()));
        this.ledger = new GpuHoursLedger(gpus, g -> {
            var saved = newest.apply(g);
            return saved == null ? null : saved.at();
        });
        this.mistakes = new MistakeWatch(scenario.mistakes(), view, breaker);
        this.judge = new GoalJudge(view, clock, storm);
        this.schedule = new FaultSchedule(this);
    }

    /** Any thread: the console showed the operator {@code ref}. */
    void opened(String ref, String what) {
        console.add(new OperatorStep(clock.now(), ref, what, OperatorStep.Source.CONSOLE));
    }

    /** The API server's thread: one request seen (kept quick: queued). */
    void seen(AuditedRequest r) {
        audit.add(r);
    }

    void event(Instant at, TimelineEvent.Kind kind, String text) {
        timeline.add(new TimelineEvent(clock.since(at), kind, text));
    }

    /** One tick. */
    void tick() {
        Instant now = clock.now();
        takeConsole();
        takeJournal(now);
        takeAudit();
        schedule.strikeDue(now);
        schedule.liftDue(now);
        if (lastSample == null || Duration.between(lastSample, now).toMillis() >= 1000) {
            sample(now);
            lastSample = now;
        }
        for (FaultProgress p : faults) {
            if (p.injected()) {
                Instant d = p.detected();
                Instant m = p.mitigated();
                Instant r = p.recovered();
                judge.judge(p, steps, resumes.values(), now);
                stage(p, "detected", d, p.detected());
                stage(p, "mitigated", m, p.mitigated());
                stage(p, "recovered", r, p.recovered());
            }
        }
        schedule.repairWhenDrained(now);
        Map<String, DrillView.PodPlace> nowPlaces = view.podPlaces();
        if (!audited) {
            removalsDuringDrains(now, nowPlaces);
        }
        Set<String> healthy = new HashSet<>();
        for (Scenario.GangStart g : scenario.cluster().gangs()) {
            String ref = g.namespace() + "/" + g.name();
            if (view.healthyAndRunning(ref)) {
                healthy.add(ref);
            }
        }
        moments.add(new RecentMoments.Moment(now, nowPlaces, healthy));
    }

    /** Why the drill can no longer recover (a goal of some fault's last stage can never be met), or null. */
    String doomed() {
        Instant now = clock.now();
        for (FaultProgress p : faults) {
            if (!p.injected() || p.done() != null) {
                continue;
            }
            for (Scenario.Goal g : p.fault.finalGoals()) {
                String why = judge.doomed(g, p, now);
                if (why != null) {
                    return p.fault.id() + " can no longer be " + (p.fault.recovered().isEmpty() ? "mitigated" : "recovered")
                            + ": " + why;
                }
            }
        }
        return null;
    }

    private static Instant later(Instant a, Instant b) {
        return a == null || b.isAfter(a) ? b : a;
    }

    /** When the operator last did something the drill saw (a journal line or a request), or null. */
    Instant lastActivity() {
        return lastActivity;
    }

    /** Whether an action the operator started has not journaled its outcome yet. */
    boolean actionsUnderway() {
        return !underway.isEmpty();
    }

    /** Every fault due by time has struck, and every fault that struck reached its last stage. */
    boolean allDone() {
        for (FaultProgress p : faults) {
            if (p.fault.at() != null && !p.injected() || p.injected() && p.done() == null) {
                return false;
            }
        }
        return true;
    }

    private void stage(FaultProgress p, String stage, Instant before, Instant after) {
        if (before == null && after != null) {
            event(after, TimelineEvent.Kind.FAULT, p.fault.id() + " " + stage + " ("
                    + DrillClock.offset(Duration.between(p.injectedAt, after)) + " after it struck)");
        }
    }

    private void takeConsole() {
        for (OperatorStep s; (s = console.poll()) != null; ) {
            steps.add(s);
            event(s.at(), TimelineEvent.Kind.OPERATOR, s.what());
        }
    }

    private void takeJournal(Instant now) {
        for (JournalEntry e : journal.poll(now)) {
            lastActivity = later(lastActivity, e.at());
            String what = e.action() + " " + e.target().replaceFirst("^(node|gang)/", "") + ": " + e.message();
            steps.add(new OperatorStep(e.at(), e.target(), what, OperatorStep.Source.JOURNAL));
            boolean saved = e.action().equals("resume") && e.phase().equals("step") && e.details().containsKey("checkpoint");
            if (e.phase().equals("confirm") || saved) {
                underway.add(e.action() + " " + e.target());
            } else if (e.phase().equals("outcome")) {
                underway.remove(e.action() + " " + e.target());
            }
            // One line per action on the timeline: its confirmation and its outcome (a resume's saved original
            // is a step of the confirmed resume, not another action).
            if (e.phase().equals("confirm") || e.phase().equals("outcome")) {
                event(e.at(), TimelineEvent.Kind.OPERATOR, what);
                done.add(DrillClock.offset(clock.since(e.at())) + "  " + what);
            }
            if ((e.phase().equals("confirm") && List.of("drain", "preflight").contains(e.action()) || saved)
                    && storm.active()) {
                storm.disruptiveAction();
                record(mistakes.addedLoad(e.at(), "started " + what + " while the API server was throttling everyone"));
            }
            if (saved) {
                String gang = e.target().substring("gang/".length());
                var n = newest.apply(gang);
                ResumeSeen r = new ResumeSeen(e.at(), gang, String.valueOf(e.details().get("checkpoint")),
                        n == null ? null : n.uri(), null);
                resumes.put(gang + "@" + e.at(), r);
                record(mistakes.resumed(r));
            }
            if (e.action().equals("resume") && e.phase().equals("outcome")
                    && String.valueOf(e.details().get("result")).startsWith("RESUMED")) {
                String gang = e.target().substring("gang/".length());
                resumes.replaceAll((k, r) -> r.gang().equals(gang) && r.resumedAt() == null ? r.resumed(e.at()) : r);
            }
            schedule.trigger(e);
        }
        if (journal.problem() != null && !problems.contains(journal.problem())) {
            problems.add(journal.problem());
        }
    }

    private Set<String> faultNodes() {
        Set<String> out = new HashSet<>();
        for (FaultProgress p : faults) {
            if (p.injected() && p.subjects.node() != null) {
                out.add(p.subjects.node());
            }
        }
        return out;
    }

    private Set<String> budgetedGangs() {
        Set<String> out = new HashSet<>();
        for (FaultProgress p : faults) {
            if (p.injected() && p.fault.kind() == FaultKind.PDB_BLOCKS_DRAIN) {
                out.addAll(p.subjects.gangs());
            }
        }
        return out;
    }

    private void takeAudit() {
        Set<String> faultNodes = faultNodes();
        Set<String> budgeted = budgetedGangs();
        for (AuditedRequest r; (r = audit.poll()) != null; ) {
            if (AuditReads.operator(r) && !r.isWatch()) {
                storm.request(r.at(), r.method(), r.path());
                lastActivity = later(lastActivity, r.at());
            }
            Seen s = AuditReads.meaning(r);
            switch (s) {
                case null -> { }
                case AuditReads.Looked l -> {
                    if (readsFromAudit) {
                        steps.add(new OperatorStep(r.at(), l.ref(), l.what(), OperatorStep.Source.API));
                    }
                }
                case AuditReads.LogRead lr -> logRead(r.at(), lr.namespace() + "/" + lr.pod(), moments.before(r.at()));
                case AuditReads.Evicted ev -> podRemoved(r.at(), ev.namespace() + "/" + ev.pod(), "evicted", false,
                        faultNodes, moments.before(r.at()), budgeted);
                case AuditReads.PodDeleted d -> podRemoved(r.at(), d.namespace() + "/" + d.pod(), "deleted", true,
                        faultNodes, moments.before(r.at()), budgeted);
                case AuditReads.BudgetDeleted b -> {
                    steps.add(new OperatorStep(r.at(), "budget/" + b.namespace() + "/" + b.name(), "deleted budget "
                            + b.namespace() + "/" + b.name(), OperatorStep.Source.API));
                    done.add(DrillClock.offset(clock.since(r.at())) + "  deleted the disruption budget " + b.namespace()
                            + "/" + b.name());
                    if (!budgeted.isEmpty()) {
                        record(mistakes.budgetDeleted(r.at(), b.namespace() + "/" + b.name()));
                    }
                }
            }
        }
    }

    /**
     * A pod's log was read. Counted from the audit whoever read it, the console included: unlike a list or a watch,
     * nothing reads a log in the background, so a log read is always the operator looking at that pod. Its node is
     * where the pod was a moment before (a failed rank keeps its place until it is deleted).
     */
    private void logRead(Instant at, String pod, RecentMoments.Moment before) {
        DrillView.PodPlace place = before.places().get(pod);
        if (place == null || place.node() == null) {
            return;
        }
        String whose = place.gang() == null ? "" : " (a rank of " + place.gang() + ")";
        if (!logsRead.add(pod + "@" + place.node())) {
            return; // a follow reconnects, a summary is read again: the first read of a pod's log is the step
        }
        steps.add(new OperatorStep(at, OperatorStep.logOn(place.node()), "read the log of " + pod + whose + " on "
                + place.node(), OperatorStep.Source.API));
        if (readsFromAudit && place.gang() != null) {
            steps.add(new OperatorStep(at, OperatorStep.gang(place.gang()), "read a log of " + place.gang(), OperatorStep.Source.API));
        }
    }

    /**
     * Without an audit, a pod that leaves a node while the operator's drain of that node is under way
     * (its journal says confirmed, no outcome yet) counts as evicted by the operator.
     */
    private void removalsDuringDrains(Instant now, Map<String, DrillView.PodPlace> nowPlaces) {
        RecentMoments.Moment before = moments.last();
        for (Map.Entry<String, DrillView.PodPlace> e : before.places().entrySet()) {
            DrillView.PodPlace was = e.getValue();
            if (!nowPlaces.containsKey(e.getKey()) && was.node() != null && was.gang() != null
                    && underway.contains("drain " + OperatorStep.node(was.node()))) {
                podRemoved(now, e.getKey(), "evicted", false, faultNodes(), before, budgetedGangs());
            }
        }
    }

    private void podRemoved(Instant at, String pod, String how, boolean deleted, Set<String> faultNodes,
                            RecentMoments.Moment before, Set<String> budgeted) {
        DrillView.PodPlace place = before.places().get(pod);
        String ref = place == null || place.node() == null ? "pod/" + pod : OperatorStep.node(place.node());
        steps.add(new OperatorStep(at, ref, how + " pod " + pod, OperatorStep.Source.API));
        if (place != null && place.gang() != null) {
            steps.add(new OperatorStep(at, OperatorStep.gang(place.gang()), how + " a rank of " + place.gang(),
                    OperatorStep.Source.API));
            event(at, TimelineEvent.Kind.OPERATOR, how + " " + pod + " (a rank of " + place.gang() + " on "
                    + place.node() + ")");
            done.add(DrillClock.offset(clock.since(at)) + "  " + how + " " + pod + " on " + place.node());
        }
        mistakes.podRemoved(at, pod, place, nodeVerdicts, faultNodes, before.healthyGangs(), deleted, budgeted)
                .forEach(this::record);
    }

    void record(MistakeMade m) {
        if (m != null) {
            event(m.at(), TimelineEvent.Kind.MISTAKE, GoalFit.word(m.mistake()) + ": " + m.what());
        }
    }

    private void sample(Instant now) {
        List<GpuNode> nodes = view.nodes();
        int inService = 0;
        int total = 0;
        for (GpuNode n : nodes) {
            total += n.gpuTotal();
            if (n.verdict() == NodeVerdict.TRUSTED && !CircuitBreaker.outOfService(n)) {
                inService += n.gpuUsable();
            }
            NodeVerdict before = nodeVerdicts.put(n.name(), n.verdict());
            if (before != null && before != n.verdict()) {
                event(now, TimelineEvent.Kind.CLUSTER, "node " + n.name() + " " + before.label() + " → " + n.verdict().label()
                        + (n.trust().reasons().isEmpty() ? "" : " (" + n.trust().reasons().getFirst() + ")"));
            }
            Boolean wasCordoned = cordons.put(n.name(), n.cordon().cordoned());
            if (wasCordoned != null && wasCordoned != n.cordon().cordoned()) {
                event(now, TimelineEvent.Kind.CLUSTER, "node " + n.name() + (n.cordon().cordoned() ? " cordoned" : " uncordoned"));
            }
        }
        Map<String, GangVerdict> verdicts = new HashMap<>();
        int running = 0;
        for (Scenario.GangStart g : scenario.cluster().gangs()) {
            String ref = g.namespace() + "/" + g.name();
            Gang gang = view.gang(ref);
            GangVerdict v = gang == null ? null : gang.verdict();
            verdicts.put(ref, v);
            running += v == GangVerdict.RUNNING ? 1 : 0;
            GangVerdict before = gangVerdicts.put(ref, v);
            if (lastSample != null && before != v) {
                event(now, TimelineEvent.Kind.CLUSTER, "gang " + ref + " " + (before == null ? "absent" : before.label())
                        + " → " + (v == null ? "absent" : v.label()) + (gang != null && v != GangVerdict.RUNNING
                        && !gang.reasons().isEmpty() ? " (" + gang.reasons().getFirst() + ")" : ""));
            }
        }
        int idle = ledger.observe(now, verdicts);
        samples.add(new DrillSample(clock.since(now), inService, total, running, scenario.cluster().gangs().size(), idle));
        mistakes.sample(now, nodes).forEach(this::record);
    }
}
