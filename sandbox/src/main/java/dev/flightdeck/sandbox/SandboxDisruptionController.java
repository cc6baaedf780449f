package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * A simulated disruption controller: every pass it counts, for each PodDisruptionBudget, the
 * pods its selector picks and those of them Running and Ready, and writes the status the real
 * controller writes (expectedPods, currentHealthy, desiredHealthy, disruptionsAllowed,
 * observedGeneration and the DisruptionAllowed condition), only when it changed. As the real one,
 * it is eventually consistent: a plan may read a budget a pass behind.
 *
 * <p>Simplified: expected pods are the pods the selector picks (the real controller asks the
 * pods' controllers for their scale when a budget uses maxUnavailable or a percentage);
 * percentages are rounded up, as the real controller rounds minAvailable.
 */
final class SandboxDisruptionController {

    private final ObjectStore store;

    SandboxDisruptionController(ObjectStore store) {
        this.store = store;
    }

    /** One pass over every budget. */
    void pass() {
        try {
            for (ObjectNode pdb : store.listAll(SandboxEvictions.PDBS)) {
                update(pdb);
            }
        } catch (StoreException | RuntimeException e) {
            // A budget deleted mid-pass: the next pass sees the store as it is then.
        }
    }

    private void update(ObjectNode pdb) throws StoreException {
        String ns = pdb.path("metadata").path("namespace").asText();
        JsonNode spec = pdb.path("spec");
        List<ObjectNode> pods = store.list("pods", ns, labels -> Selectors.matches(spec.get("selector"), labels));
        int expected = 0;
        int healthy = 0;
        for (ObjectNode p : pods) {
            if (p.path("metadata").hasNonNull("deletionTimestamp")) {
                continue;
            }
            expected++;
            healthy += SandboxEvictions.isHealthy(p) ? 1 : 0;
        }
        int desired = desired(spec, expected);
        int allowed = Math.max(0, healthy - desired);
        long generation = pdb.path("metadata").path("generation").asLong(1);
        JsonNode old = pdb.path("status");
        if (old.path("currentHealthy").asInt(-1) == healthy && old.path("desiredHealthy").asInt(-1) == desired
                && old.path("expectedPods").asInt(-1) == expected && old.path("observedGeneration").asLong(-1) == generation) {
            return;
        }
        ObjectNode status = pdb.putObject("status");
        status.put("observedGeneration", generation).put("disruptionsAllowed", allowed).put("currentHealthy", healthy)
                .put("desiredHealthy", desired).put("expectedPods", expected);
        status.putArray("conditions").addObject().put("type", "DisruptionAllowed").put("status", allowed > 0 ? "True" : "False")
                .put("observedGeneration", generation).put("lastTransitionTime",
                        Instant.now().truncatedTo(ChronoUnit.SECONDS).toString())
                .put("reason", allowed > 0 ? "SufficientPods" : "InsufficientPods").put("message", "");
        store.patch(SandboxEvictions.PDBS, ns, pdb.path("metadata").path("name").asText(), "application/merge-patch+json",
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().set("status", status));
    }

    /** desiredHealthy from minAvailable or maxUnavailable, whole numbers or percentages of the expected pods. */
    static int desired(JsonNode spec, int expected) {
        if (spec.has("minAvailable")) {
            return count(spec.get("minAvailable"), expected);
        }
        if (spec.has("maxUnavailable")) {
            return Math.max(0, expected - count(spec.get("maxUnavailable"), expected));
        }
        return 0;
    }

    private static int count(JsonNode intOrPercent, int expected) {
        String v = intOrPercent.asText();
        if (v.endsWith("%")) {
            return (int) Math.ceil(Integer.parseInt(v.substring(0, v.length() - 1)) * expected / 100.0);
        }
        return intOrPercent.asInt(0);
    }
}
