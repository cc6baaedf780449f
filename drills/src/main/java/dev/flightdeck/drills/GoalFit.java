package dev.flightdeck.drills;

import dev.flightdeck.drills.Scenario.Goal;
import dev.flightdeck.drills.Scenario.Target;

/**
 * Which goals make sense for which fault: a goal about a node needs a fault that strikes one, a
 * goal about a gang needs a gang (or a rank's node, whose gang it is), and the two goals about a
 * particular fault belong to that fault. A scenario that pairs them otherwise is refused, since
 * its drill could never be judged.
 */
final class GoalFit {

    private GoalFit() {
    }

    /** Why {@code goal} cannot judge a {@code kind} fault on {@code target}, or null when it can. */
    static String whyNot(Goal goal, FaultKind kind, Target target) {
        // A node fault's goals are about its node and the gangs on it; a gang fault's about the gang only.
        boolean node = kind.targets() == FaultKind.TargetKind.NODE;
        boolean gang = node || target instanceof Target.Gang || target instanceof Target.RankNode;
        return switch (goal) {
            case OPENED -> null;
            case CORDONED, DRAINED, PREFLIGHT_PASSED, PREFLIGHT_RERUN, READ_THE_LOG -> node ? null
                    : word(goal) + " is about a node, and " + kind.word() + " strikes " + describe(target)
                    + (kind.targets() == FaultKind.TargetKind.CLUSTER ? "" : ", not its node");
            case RESUMED_FROM_NEWEST, GANG_RUNNING_ON_TRUSTED_NODES -> gang || node ? null
                    : word(goal) + " is about a gang, and " + kind.word() + " strikes " + describe(target);
            case OUT_OF_SERVICE_BEFORE_MAINTENANCE -> kind == FaultKind.MAINTENANCE_DUE ? null
                    : word(goal) + " only judges a maintenance-due fault, not " + kind.word();
            case STAYED_WITHIN_REQUEST_BUDGET -> kind == FaultKind.APF_STORM ? null
                    : word(goal) + " only judges an apf-storm fault, not " + kind.word();
        };
    }

    /** A goal, mistake or trigger as scenario files spell it: {@code gang-running-on-trusted-nodes}. */
    static String word(Enum<?> e) {
        return e.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    private static String describe(Target t) {
        return switch (t) {
            case Target.Cluster c -> "the whole cluster";
            case Target.Gang g -> "gang " + g.name();
            case Target.Node n -> "node " + n.name();
            case Target.RankNode r -> "rank " + r.rank() + " of " + r.gang();
        };
    }
}
