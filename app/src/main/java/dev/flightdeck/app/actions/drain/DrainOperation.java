package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.actions.ActionJournal;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.actions.SteppedOperation;
import dev.flightdeck.app.actions.Permission;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Drain one node, as kubectl drain does it: cordon, evict what the plan evicts (budgets' 429s
 * retried until the timeout), wait for the pods to go. Stopping ends further evictions; the node
 * stays cordoned. Recorded as a {@code FlightdeckDrain} Event on the node.
 */
public final class DrainOperation implements SteppedOperation<DrainPlan, DrainEvent, DrainOutcome> {

    public static final String EVENT_REASON = "FlightdeckDrain";

    private final ActionSession s;
    private final String node;
    private final DrainOptions options;
    private final DrainExecutor executor;

    public DrainOperation(ActionSession s, String node, DrainOptions options, DrainExecutor executor) {
        this.s = s;
        this.node = node;
        this.options = options;
        this.executor = executor;
    }

    /** A run of a drain of {@code node} with {@code options}. */
    public static ActionRun<DrainPlan, DrainEvent, DrainOutcome> run(ActionSession s, String node, DrainOptions options) {
        return new ActionRun<>(s, new DrainOperation(s, node, options, new DrainExecutor(s.rest(), s.clock())));
    }

    @Override
    public String action() {
        return "drain";
    }

    @Override
    public String target() {
        return "node/" + node;
    }

    /** The node's pods, budgets and the gangs it breaks, with the circuit breaker's verdict on this node alone. */
    @Override
    public DrainPlan read() throws IOException {
        return reader().read(node, s.session().model().gangs(), s.session().model().snapshot().nodes(),
                CircuitBreaker.of(s.drainLimits()), options, s.clock().instant());
    }

    private DrainPlanReader reader() {
        return new DrainPlanReader(s.rest(), s.session().checkpoints()::read);
    }

    @Override
    public List<String> lines(DrainPlan plan) {
        return DrainPlanText.lines(plan);
    }

    @Override
    public List<Permission> permissions(DrainPlan plan) {
        return ActionSession.DRAIN;
    }

    @Override
    public String refusal(DrainPlan plan) {
        return plan.canProceed() ? null : DrainPlanText.lines(plan).getFirst();
    }

    @Override
    public Confirmation confirmation(DrainPlan plan, String reason) {
        return new Confirmation("confirmed: drain " + plan.node() + (reason.isBlank() ? "" : " — " + reason),
                Map.of("reason", reason, "deleteEmptyDirData", plan.options().deleteEmptyDirData(),
                        "force", plan.options().force(), "disableEviction", plan.options().disableEviction(),
                        "timeoutSeconds", plan.options().timeout().toSeconds(),
                        "brokenGangs", plan.broken().stream().map(b -> b.key().toString()).toList()));
    }

    @Override
    public DrainOutcome execute(DrainPlan plan, String reason, ActionJournal journal, Consumer<DrainEvent> events) {
        // A budget that holds an eviction is re-read between retries: the plan as it is then, not as confirmed.
        return executor.execute(plan, reason, journal.user(),
                () -> reader().read(node, s.session().model().gangs(), plan.options(), s.clock().instant()), events);
    }

    @Override
    public boolean cancel() {
        executor.cancel();
        return true;
    }

    @Override
    public Ending ending(DrainPlan plan, DrainOutcome o) {
        return new Ending(o.summary(), o.result() == DrainOutcome.Result.DRAINED, Map.of("result", o.result().name(),
                "evicted", o.evicted(), "remaining", List.copyOf(o.remaining())),
                ClusterEvents.Regarding.node(node, null), EVENT_REASON, "Drain");
    }
}
