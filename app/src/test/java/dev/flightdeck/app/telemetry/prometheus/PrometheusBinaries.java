package dev.flightdeck.app.telemetry.prometheus;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code @ExtendWith(PrometheusBinaries.class)} for a class that starts a {@link BackfilledPrometheus}: where prometheus
 * or promtool is missing its tests are skipped (counted as skipped) with one line, said once — unless
 * {@code FLIGHTDECK_REQUIRE_KUBE} is set (CI), where the start fails instead. List it before {@code RealKube}, so that
 * no control plane is started for a class that will not run.
 */
public final class PrometheusBinaries implements ExecutionCondition {

    private static final AtomicBoolean TOLD = new AtomicBoolean();

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String why = BackfilledPrometheus.whySkip();
        if (why == null) {
            return ConditionEvaluationResult.enabled("prometheus and promtool are on the PATH, or they are required");
        }
        if (TOLD.compareAndSet(false, true)) {
            System.err.println("flightdeck: " + why);
        }
        return ConditionEvaluationResult.disabled(why);
    }
}
