package dev.flightdeck.app.actions.preflight;

import dev.flightdeck.app.nodes.PreflightState;

import java.util.ArrayList;
import java.util.List;

/** A preflight plan as plain text: for the confirm dialog, a headless plan command and the journal. */
public final class PreflightPlanText {

    private PreflightPlanText() {
    }

    public static List<String> lines(PreflightPlan p) {
        PreflightSettings s = p.settings();
        String key = s.gate().key();
        List<String> out = new ArrayList<>();
        out.add("re-preflight " + p.node() + ": " + (p.canProceed()
                ? "would gate it (" + p.pendingTaint() + "), label " + key + "=running, and run "
                + s.check().name() + " on all " + p.gpus() + " GPUs"
                : "REFUSED, nothing would change: " + String.join("; ", p.blockers())));
        out.add("  now    " + describe(p.current()));
        out.add("  job    " + p.jobRef() + "  image " + s.check().image() + "  command " + s.check().commandLine());
        out.add("         limits nvidia.com/gpu=" + p.gpus() + ", backoffLimit 0, restartPolicy Never, deadline "
                + s.activeDeadlineSeconds() + " s, kept " + s.ttlSecondsAfterFinished() + " s after it finishes");
        out.add("         pinned by nodeAffinity metadata.name In [" + p.node() + "]; tolerates " + key
                + ", node.kubernetes.io/unschedulable, nvidia.com/gpu");
        out.add("  pass   removes the " + key + " taint (other taints stay), label " + key + "=passed, "
                + s.gate().atAnnotation() + ", " + s.gate().detailAnnotation());
        out.add("  fail   " + p.failedTaint() + ", label " + key + "=failed, " + s.gate().detailAnnotation()
                + " = the reason and the last 20 lines of the pod's log (also on timeout or when it cannot schedule)");
        for (String w : p.warnings()) {
            out.add("  WARN   " + w);
        }
        return out;
    }

    private static String describe(PreflightState st) {
        if (st == PreflightState.NONE) {
            return "no preflight gate or result on the node";
        }
        String result = st.result() == null ? "no result label" : "last result " + st.result();
        String at = st.at() == null ? "" : " at " + st.at();
        return "gate " + st.gate().name().toLowerCase(java.util.Locale.ROOT) + ", " + result + at
                + (st.detail() == null ? "" : " (" + firstLine(st.detail()) + ")");
    }

    private static String firstLine(String text) {
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}
