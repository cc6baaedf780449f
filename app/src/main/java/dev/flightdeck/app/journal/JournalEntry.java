package dev.flightdeck.app.journal;

import java.time.Instant;
import java.util.Map;

/**
 * One line of the action journal: what was planned, confirmed, done or refused, where and by whom.
 * Built only from the console's own types — never from a kubeconfig or a request — so no
 * credential can reach it.
 *
 * @param at         when it happened (UTC)
 * @param cluster    the API server URL (or "sandbox")
 * @param context    the kubeconfig context name
 * @param user       who the API server says we are (SelfSubjectReview), or the kubeconfig user name
 * @param action     drain, cordon, uncordon, preflight, resume
 * @param phase      plan, confirm, step, outcome, cancel
 * @param target     what it touched: {@code node/gpu-node-017}, {@code gang/training/llm-pretrain}
 * @param message    one line for people
 * @param details    small structured facts (counts, pod names, saved object); may be empty
 * @param durationMs how long the step took, or -1
 * @param version    the Flightdeck that wrote it ({@code flightdeck/0.2.0+1a2b3c4}); null in entries older than the field
 */
public record JournalEntry(Instant at, String cluster, String context, String user, String action, String phase,
                           String target, String message, Map<String, Object> details, long durationMs, String version) {

    public JournalEntry {
        details = details == null ? Map.of() : Map.copyOf(details);
    }

    /** An entry written by this build: {@code version} is {@code flightdeck/VERSION+COMMIT}. */
    public JournalEntry(Instant at, String cluster, String context, String user, String action, String phase,
                        String target, String message, Map<String, Object> details, long durationMs) {
        this(at, cluster, context, user, action, phase, target, message, details, durationMs,
                dev.flightdeck.app.about.BuildInfo.current().token("flightdeck"));
    }
}
