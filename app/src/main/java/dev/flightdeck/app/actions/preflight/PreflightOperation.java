package dev.flightdeck.app.actions.preflight;

import dev.flightdeck.app.actions.ActionJournal;
import dev.flightdeck.app.actions.ActionRun;
import dev.flightdeck.app.actions.ActionSession;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.actions.SteppedOperation;
import dev.flightdeck.app.actions.Permission;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Re-run preflight on one node: gate it, run the validation Job pinned to it with all its GPUs,
 * lift the gate on a pass or keep it gated as failed with the log's tail. Stopping deletes the Job
 * and leaves the node gated pending. Recorded as a FlightdeckPreflight Event on the node.
 */
public final class PreflightOperation implements SteppedOperation<PreflightPlan, PreflightEvent, PreflightOutcome> {

    public static final String EVENT_REASON = "FlightdeckPreflight";

    private final ActionSession s;
    private final String node;
    private final PreflightSettings settings;
    private final PreflightExecutor executor;

    public PreflightOperation(ActionSession s, String node, PreflightSettings settings, PreflightExecutor executor) {
        this.s = s;
        this.node = node;
        this.settings = settings;
        this.executor = executor;
    }

    public static ActionRun<PreflightPlan, PreflightEvent, PreflightOutcome> run(ActionSession s, String node,
                                                                               PreflightSettings settings) {
        return new ActionRun<>(s, new PreflightOperation(s, node, settings, new PreflightExecutor(s.rest(), s.clock())));
    }

    /** A run polling every {@code poll} (a batch polls more often than one node's window). */
    public static ActionRun<PreflightPlan, PreflightEvent, PreflightOutcome> run(ActionSession s, String node,
                                                                               PreflightSettings settings, Duration poll) {
        return new ActionRun<>(s, new PreflightOperation(s, node, settings, new PreflightExecutor(s.rest(), s.clock(), poll)));
    }

    @Override
    public String action() {
        return "preflight";
    }

    @Override
    public String target() {
        return "node/" + node;
    }

    @Override
    public PreflightPlan read() throws IOException {
        return new PreflightPlanReader(s.rest()).read(node, settings);
    }

    @Override
    public List<String> lines(PreflightPlan plan) {
        return PreflightPlanText.lines(plan);
    }

    @Override
    public List<Permission> permissions(PreflightPlan plan) {
        return ActionSession.PREFLIGHT;
    }

    @Override
    public String refusal(PreflightPlan plan) {
        return plan.canProceed() ? null : PreflightPlanText.lines(plan).getFirst();
    }

    @Override
    public Confirmation confirmation(PreflightPlan plan, String reason) {
        return new Confirmation("confirmed: re-run preflight on " + node + " with " + plan.settings().check().name()
                + (reason.isBlank() ? "" : " — " + reason), Map.of("check", plan.settings().check().name(), "reason", reason));
    }

    @Override
    public PreflightOutcome execute(PreflightPlan plan, String reason, ActionJournal journal,
                                    Consumer<PreflightEvent> events) {
        return executor.execute(plan, events);
    }

    @Override
    public boolean cancel() {
        executor.cancel();
        return true;
    }

    @Override
    public Ending ending(PreflightPlan plan, PreflightOutcome o) {
        return new Ending(o.summary(), o.result() == PreflightOutcome.Result.PASSED, Map.of("result", o.result().name(),
                "detail", o.detail() == null ? "" : o.detail()), ClusterEvents.Regarding.node(node, null), EVENT_REASON,
                "Preflight");
    }
}
