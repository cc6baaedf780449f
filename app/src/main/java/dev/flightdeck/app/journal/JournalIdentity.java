package dev.flightdeck.app.journal;

import java.time.Instant;
import java.util.Map;

/**
 * Who acts on which cluster, as every journal entry of one action records it: the API server URL
 * (or "sandbox"), the kubeconfig context, and the user the server says we are.
 */
public record JournalIdentity(String cluster, String context, String user) {

    public JournalEntry entry(Instant at, String action, String phase, String target, String message,
                              Map<String, Object> details, long durationMs) {
        return new JournalEntry(at, cluster, context, user, action, phase, target, message, details, durationMs);
    }
}
