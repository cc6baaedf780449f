package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.sandbox.metrics.PlainResponse;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code GET /api/v1/namespaces/NS/pods/NAME/log} (text/plain, {@code tailLines}): simulated logs for
 * validation pods ({@link SandboxPreflightRuns}), an empty log for every other pod, 404 for a pod that
 * does not exist and 400 for one not yet bound to a node, as the API server answers.
 */
final class SandboxPodLogs {

    private final ObjectStore store;
    private final SandboxPreflightRuns runs;

    SandboxPodLogs(ObjectStore store, SandboxPreflightRuns runs) {
        this.store = store;
        this.runs = runs;
    }

    PlainResponse read(String namespace, String name, String tailLines) throws StoreException {
        ObjectNode pod = store.get("pods", namespace, name);
        if (pod.path("spec").path("nodeName").asText("").isEmpty()) {
            throw new StoreException(400, "BadRequest", "pod " + name + " does not have a host assigned");
        }
        List<String> lines = runs.log(namespace, name);
        if (lines == null) {
            lines = List.of();
        }
        if (tailLines != null && !tailLines.isBlank()) {
            int n;
            try {
                n = Integer.parseInt(tailLines.trim());
            } catch (NumberFormatException e) {
                throw new StoreException(400, "BadRequest", "tailLines must be a whole number, not '" + tailLines + "'");
            }
            lines = lines.subList(Math.max(0, lines.size() - Math.max(0, n)), lines.size());
        }
        String text = lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
        return new PlainResponse(200, "text/plain", text.getBytes(StandardCharsets.UTF_8));
    }
}
