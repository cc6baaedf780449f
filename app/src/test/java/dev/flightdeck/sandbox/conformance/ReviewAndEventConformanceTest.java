package dev.flightdeck.sandbox.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.actions.ClusterEvents;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.actions.Permission;
import dev.flightdeck.app.actions.Permissions;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.controlplane.RealCluster;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the console asks before and after an action: SelfSubjectAccessReview as Permissions sends
 * it (allowed for the admin; denied — with the same words for the operator — for an identity
 * without the rule: on the real server a user RBAC grants nothing, on the sandbox its
 * deny-on-request), SelfSubjectReview as Identity reads it, and the Event ClusterEvents records,
 * which the real server must accept and both must read back alike.
 */
class ReviewAndEventConformanceTest extends Conformance {

    private static final Permission PATCH_NODES = Permission.of("patch", "", "nodes");

    @Test
    void accessReviewsAnswerTheAdminAndDenyAnIdentityWithoutTheRule() throws Exception {
        List<String> truth = same("SelfSubjectAccessReview", side -> {
            KubeRest.Answer a = side.rest().post("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", Map.of(
                    "apiVersion", "authorization.k8s.io/v1", "kind", "SelfSubjectAccessReview",
                    "spec", Map.of("resourceAttributes", Map.of("verb", "patch", "group", "", "resource", "nodes"))));
            JsonNode status = a.json().path("status");
            String admin = "admin: HTTP " + a.code() + " allowed=" + status.path("allowed").asBoolean() + " denied="
                    + status.path("denied").asBoolean(false);
            String denied;
            if (side.real()) {
                Permissions nobody = new Permissions(restAs("nobody"), Clock.systemUTC());
                denied = "without the rule: " + nobody.missing(List.of(PATCH_NODES));
            } else {
                sandbox.sandbox().rbac().deny("patch", "", "nodes");
                try {
                    denied = "without the rule: " + new Permissions(side.rest(), Clock.systemUTC()).missing(List.of(PATCH_NODES));
                } finally {
                    sandbox.sandbox().rbac().allowAll();
                }
            }
            return List.of(admin, denied);
        });
        assertEquals(List.of("admin: HTTP 201 allowed=true denied=false", "without the rule: not allowed to patch nodes"), truth);
    }

    /** The console's REST calls as {@code user}, authenticated by a client certificate; RBAC grants it nothing. */
    private static KubeRest restAs(String user) throws Exception {
        ClusterConnection c = ClusterConnection.open(RealCluster.target(real.cluster().plane().kubeconfigFor(user)),
                SessionOptions.DEFAULTS);
        return new KubeRest(c.api());
    }

    @Test
    void selfSubjectReviewNamesTheUserAndTheirGroups() throws Exception {
        List<String> truth = same("SelfSubjectReview", side -> {
            KubeRest.Answer a = side.rest().post("/apis/authentication.k8s.io/v1/selfsubjectreviews", Map.of(
                    "apiVersion", "authentication.k8s.io/v1", "kind", "SelfSubjectReview"));
            JsonNode user = a.json().at("/status/userInfo");
            return List.of("HTTP " + a.code(), "username set " + !user.path("username").asText().isEmpty(),
                    "groups " + new TreeSet<>(user.path("groups").valueStream().map(JsonNode::asText).toList()));
        });
        assertEquals(List.of("HTTP 201", "username set true", "groups [system:authenticated, system:masters]"), truth);
    }

    @Test
    void theEventClusterEventsRecordsIsAcceptedAndReadsBackAlike() throws Exception {
        List<String> truth = same("the Event of an action", side -> {
            String ns = side.namespace("events");
            Instant at = Instant.parse("2026-11-24T04:00:00Z");
            String problem = ClusterEvents.record(side.rest(), new ClusterEvents.Regarding("batch/v1", "Job", ns, "train", null),
                    "FlightdeckResume", "Resume", "resumed " + ns + "/train from step 4200", false, "sre", at);
            JsonNode e = side.rest().get("/api/v1/namespaces/" + ns + "/events").json().path("items").path(0);
            return List.of("recorded " + (problem == null ? "yes" : problem),
                    e.path("type").asText() + " " + e.path("reason").asText() + " " + e.path("action").asText(),
                    "by " + e.path("reportingComponent").asText() + "/" + e.path("reportingInstance").asText() + " source "
                            + e.at("/source/component").asText(),
                    "about " + e.at("/involvedObject/kind").asText() + " " + e.at("/involvedObject/namespace").asText().equals(ns)
                            + " " + e.at("/involvedObject/name").asText(),
                    "message " + e.path("message").asText().replace(ns, "NS"),
                    "times " + e.path("firstTimestamp").asText() + " " + e.path("lastTimestamp").asText() + " count "
                            + e.path("count").asInt() + " eventTime " + e.path("eventTime").asText("null"));
        });
        assertEquals("recorded yes", truth.getFirst());
        assertEquals("message resumed NS/train from step 4200 (by sre)", truth.get(4));
    }

    @Test
    void anEventWithoutItsInvolvedObjectIsRefusedAlike() throws Exception {
        Refusal truth = same("an Event that names nothing", side -> {
            String ns = side.namespace("events-bad");
            return Refusal.of(side.rest().post("/api/v1/namespaces/" + ns + "/events", Map.of("apiVersion", "v1", "kind", "Event",
                    "metadata", Map.of("name", "x"), "reason", "FlightdeckDrain", "message", "m"))).withMessage(m -> m.replace(ns, "NS"));
        });
        System.out.println("event refusal: " + truth);
        assertEquals(422, truth.code());
    }
}
