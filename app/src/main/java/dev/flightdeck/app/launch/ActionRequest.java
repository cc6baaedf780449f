package dev.flightdeck.app.launch;

import dev.flightdeck.app.actions.preflight.ValidationCheck;

import java.time.Duration;
import java.util.List;

/**
 * One action as the command line names it, to plan ({@code flightdeck plan drain NODE}) or to
 * execute ({@code flightdeck drain NODE --confirm NODE --reason WHY}): the action, its target, the
 * consents and choices it takes (the same flags in both), and for execution the typed confirmation
 * and the reason.
 *
 * @param step    the checkpoint step to resume from; -1 for the newest complete one
 * @param check   the preflight check: {@code cuda} (vectorAdd, the default) or {@code dcgm} (dcgmi diag -r 1)
 * @param timeout how long a drain may wait for budgets and pods; null for the default (10 min)
 * @param confirm what was typed after {@code --confirm}; null when nothing was
 */
public record ActionRequest(String action, String target, boolean deleteEmptyDirData, boolean force, long step,
                            String check, Duration timeout, String confirm, String reason) {

    /** Every action the command line can execute; each prints its plan without {@code --confirm}. */
    static final List<String> EXECUTABLE = List.of("drain", "cordon", "uncordon", "preflight", "resume");

    /** The actions {@code plan} knows; cordon and uncordon have nothing to plan beyond their one patch. */
    static final List<String> PLANNABLE = List.of("drain", "preflight", "resume");

    /** The name that must be typed after {@code --confirm}: the node, or the gang's name (with or without NS/). */
    public String confirmationName() {
        return action.equals("resume") && target.contains("/") ? target.substring(target.indexOf('/') + 1) : target;
    }

    /** Whether {@code --confirm} names the target, as the console's typed confirmation does. */
    public boolean confirmed() {
        return confirm != null && (confirm.equals(confirmationName()) || confirm.equals(target));
    }

    public ValidationCheck validationCheck() {
        return "dcgm".equals(check) ? ValidationCheck.DCGM_DIAG_QUICK : ValidationCheck.CUDA_VECTOR_ADD;
    }

    /** Refuses flags that do not go with the action, in one line (exit 2), as the console never offers them. */
    void validate(boolean execute) throws UsageException {
        if ((deleteEmptyDirData || force || timeout != null) && !action.equals("drain")) {
            throw new UsageException("--delete-emptydir-data, --force and --timeout only go with drain");
        }
        if (step >= 0 && !action.equals("resume")) {
            throw new UsageException("--step only goes with resume");
        }
        if (check != null && !action.equals("preflight")) {
            throw new UsageException("--check only goes with preflight");
        }
        if (check != null && !List.of("cuda", "dcgm").contains(check)) {
            throw new UsageException("--check takes cuda (CUDA vectorAdd) or dcgm (dcgmi diag -r 1), not '" + check + "'");
        }
        if (!execute && (confirm != null || reason != null)) {
            throw new UsageException("--confirm and --reason go with executing an action, not with plan");
        }
        if (action.equals("resume") && !target.contains("/")) {
            throw new UsageException("resume needs NAMESPACE/GANG, not '" + target + "'");
        }
    }

    /** Cordon and drain write the reason on the node for teammates, so a confirmed one must have it. */
    public boolean needsReason() {
        return action.equals("cordon") || action.equals("drain");
    }
}
