package dev.flightdeck.drills;


import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the drill cluster's audit of requests the way an SRE reads an audit log: which requests
 * were the operator's (anything but the drill's observer and its fault injector, which name themselves
 * in their User-Agent), which of them looked at something by name — a node, its pods, a
 * gang's workload or pods, a pod's log, the API server's {@code /metrics} — and which evicted or deleted pods or
 * removed a disruption budget. A list or watch of everything names nothing.
 */
final class AuditReads {

    /** What one request means for the drill. */
    sealed interface Seen permits Looked, LogRead, Evicted, PodDeleted, BudgetDeleted { }

    record Looked(String ref, String what) implements Seen { }

    /** The log of a pod was read (its node and gang are resolved by the engine, which knows where the pod was). */
    record LogRead(String namespace, String pod) implements Seen { }

    record Evicted(String namespace, String pod) implements Seen { }

    record PodDeleted(String namespace, String pod) implements Seen { }

    record BudgetDeleted(String namespace, String name) implements Seen { }

    private static final Pattern NODE = Pattern.compile("/api/v1/nodes/([^/]+)");
    private static final Pattern WORKLOAD = Pattern.compile(
            "/apis/(?:batch/v1|jobset\\.x-k8s\\.io/v1alpha2|kubeflow\\.org/v1|kubeflow\\.org/v2beta1)/namespaces/([^/]+)/"
                    + "(?:jobs|jobsets|pytorchjobs|mpijobs)/([^/]+)");
    private static final Pattern POD = Pattern.compile("/api/v1/namespaces/([^/]+)/pods/([^/]+)(/eviction)?");
    private static final Pattern POD_LOG = Pattern.compile("/api/v1/namespaces/([^/]+)/pods/([^/]+)/log");
    private static final Pattern NAMESPACED_PODS = Pattern.compile("/api/v1/namespaces/([^/]+)/pods");
    private static final Pattern BUDGET = Pattern.compile("/apis/policy/v1/namespaces/([^/]+)/poddisruptionbudgets/([^/]+)");
    private static final Pattern NODE_FIELD = Pattern.compile("spec\\.nodeName=([^&,]+)");
    private static final Pattern JOB_LABEL = Pattern.compile("(?:batch\\.kubernetes\\.io/job-name|job-name"
            + "|jobset\\.sigs\\.k8s\\.io/jobset-name|training\\.kubeflow\\.org/job-name)=([^&,]+)");

    private AuditReads() {
    }

    /**
     * Whether the request came from the operator's tools (Flightdeck, kubectl, curl, a script) rather
     * than the drill's own clients: its observer and its fault injector name themselves.
     */
    static boolean operator(AuditedRequest r) {
        String ua = r.userAgent();
        return !r.faultHands() && !ua.startsWith(DrillRun.OBSERVER_AGENT);
    }

    /** What {@code r} means, or null when it names nothing (or is not the operator's). */
    static Seen meaning(AuditedRequest r) {
        if (!operator(r)) {
            return null;
        }
        String path = r.path().replaceAll("/+$", "");
        String query = r.query() == null ? "" : URLDecoder.decode(r.query(), StandardCharsets.UTF_8);
        Matcher m;
        if (r.method().equals("POST") && (m = POD.matcher(path)).matches() && m.group(3) != null) {
            return new Evicted(m.group(1), m.group(2));
        }
        if (r.method().equals("DELETE") && (m = POD.matcher(path)).matches() && m.group(3) == null) {
            return new PodDeleted(m.group(1), m.group(2));
        }
        if (r.method().equals("DELETE") && (m = BUDGET.matcher(path)).matches()) {
            return new BudgetDeleted(m.group(1), m.group(2));
        }
        if (!r.method().equals("GET") || r.isWatch()) {
            return null;
        }
        if ((m = POD_LOG.matcher(path)).matches()) {
            return new LogRead(m.group(1), m.group(2)); // a follow too: it is the operator reading that log
        }
        if (path.equals("/metrics")) {
            return new Looked(OperatorStep.PRESSURE, "read the API server's /metrics");
        }
        if ((m = NODE.matcher(path)).matches()) {
            return new Looked(OperatorStep.node(m.group(1)), "read node " + m.group(1));
        }
        if ((m = WORKLOAD.matcher(path)).matches()) {
            return new Looked(OperatorStep.gang(m.group(1) + "/" + m.group(2)), "read the workload of gang "
                    + m.group(1) + "/" + m.group(2));
        }
        if (path.equals("/api/v1/pods") || NAMESPACED_PODS.matcher(path).matches()) {
            if ((m = NODE_FIELD.matcher(query)).find()) {
                return new Looked(OperatorStep.node(m.group(1)), "listed the pods of node " + m.group(1));
            }
            Matcher ns = NAMESPACED_PODS.matcher(path);
            if (ns.matches() && (m = JOB_LABEL.matcher(query)).find()) {
                return new Looked(OperatorStep.gang(ns.group(1) + "/" + m.group(1)), "listed the pods of gang "
                        + ns.group(1) + "/" + m.group(1));
            }
        }
        return null;
    }
}
