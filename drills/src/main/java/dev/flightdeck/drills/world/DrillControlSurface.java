package dev.flightdeck.drills.world;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.connect.LocalCluster;
import dev.flightdeck.app.connect.LocalControl;
import dev.flightdeck.drills.AuditedRequest;
import dev.flightdeck.drills.DrillHands;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.app.watch.KubeJson;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What a drill asks of its local cluster's control surface ({@link LocalControl}): it seeds its gangs
 * there, throws the switches of the simulated agents that have no Kubernetes API, and reads the
 * cluster's request audit in pages.
 */
final class DrillControlSurface {

    /** One page of the audit: the requests, the number to ask from next, and how many were lost before it. */
    record AuditPage(List<AuditedRequest> requests, long next, long lost) { }

    private final LocalControl control;
    private final String handsAgent;

    /** @param handsAgent the User-Agent prefix of the drill's own fault injector, to tell its requests apart in the audit */
    DrillControlSurface(LocalCluster cluster, String handsAgent) {
        this.control = new LocalControl(cluster);
        this.handsAgent = handsAgent;
    }

    /** Throws, in words, when the cluster has no drill control surface (a sandbox not started for a drill). */
    void check() {
        if (!control.send("GET", "", null, "reach the sandbox's control surface").path("drill").asBoolean()) {
            throw new IllegalStateException("the local cluster was not started for a drill: it has no drill controls");
        }
    }

    void seedGangs(List<Scenario.GangStart> gangs, Instant now) {
        ObjectNode body = KubeJson.MAPPER.createObjectNode();
        for (Scenario.GangStart g : gangs) {
            body.withArray("gangs").addObject().put("namespace", g.namespace()).put("name", g.name())
                    .put("ranks", g.ranks()).put("gpusPerRank", g.gpusPerRank())
                    .put("checkpointEvery", g.checkpointEvery().toString())
                    .put("lastCheckpoint", now.minus(g.lastCheckpoint()).toString())
                    .put("step", 1_000 + 100L * g.ranks());
        }
        send("POST", "/gangs", body, "seed the drill's gangs");
    }

    void pace(double pace, Instant now) {
        send("PUT", "/trainers/pace", KubeJson.MAPPER.createObjectNode().put("pace", pace).put("now", now.toString()),
                "set the trainers' pace");
    }

    void stopCheckpointing(String namespace, String gang, Instant since) {
        send("POST", "/trainers/" + LocalControl.segment(namespace) + "/" + LocalControl.segment(gang) + "/stop",
                KubeJson.MAPPER.createObjectNode().put("since", since.toString()), "stop the checkpoints of " + gang);
    }

    /** The gang's newest complete checkpoint, or null when it has none. */
    DrillHands.Saved newestCheckpoint(String namespace, String gang) {
        JsonNode s = control.sendAllowingNotFound("GET", "/trainers/" + LocalControl.segment(namespace) + "/" + LocalControl.segment(gang) + "/newest",
                "read the newest checkpoint of " + gang);
        return s == null ? null : new DrillHands.Saved(s.path("step").asLong(), s.path("uri").asText(),
                Instant.parse(s.path("at").asText()));
    }

    void failNextPreflight(String node, String detail) {
        send("POST", "/preflight-failures", KubeJson.MAPPER.createObjectNode().put("node", node).put("detail", detail),
                "script the next validation of " + node);
    }

    void nicFlaps(String node) {
        send("POST", "/fabric/flaps", KubeJson.MAPPER.createObjectNode().put("node", node), "make the NIC of " + node + " flap");
    }

    void stallGang(String namespace, String gang) {
        send("POST", "/gpus/stalls", KubeJson.MAPPER.createObjectNode().put("namespace", namespace).put("gang", gang),
                "stall the collective of " + namespace + "/" + gang);
    }

    void objectStoreReachable(boolean reachable) {
        send("PUT", "/object-storage", KubeJson.MAPPER.createObjectNode().put("reachable", reachable),
                (reachable ? "reconnect" : "cut off") + " the object store");
    }

    void apfStorm(boolean on) {
        send("PUT", "/episodes/APF_429_STORM", KubeJson.MAPPER.createObjectNode().put("on", on),
                (on ? "start" : "end") + " the APF storm");
    }

    /** The audited requests numbered {@code from} on. */
    AuditPage audit(long from) {
        JsonNode page = send("GET", "/audit?from=" + from, null, "read the cluster's request audit");
        List<AuditedRequest> out = new ArrayList<>();
        for (JsonNode r : page.path("requests")) {
            String ua = r.path("userAgent").asText("");
            out.add(new AuditedRequest(Instant.parse(r.path("at").asText()), r.path("method").asText(),
                    r.path("path").asText(), r.path("query").isNull() ? null : r.path("query").asText(null), ua,
                    ua.startsWith(handsAgent)));
        }
        return new AuditPage(out, page.path("next").asLong(), page.path("lost").asLong());
    }

    private JsonNode send(String method, String path, JsonNode body, String what) {
        return control.send(method, path, body, what);
    }
}
