package dev.flightdeck.drills;

import dev.flightdeck.drills.world.SandboxWorld;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.metrics.Episode;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every fault a drill injects, into a drill's own sandbox through its API, seen by the
 * console's model exactly as the same fault on a real cluster would be: the verdicts,
 * the halted gang, the stale checkpoint, the budget, the store that drops connections,
 * the APF storm. (The sandbox simulates the agents that would write these; that is the
 * point of a drill.)
 */
class FaultInjectorSandboxTest {

    private static final String SCENARIO = """
            id: every-fault
            title: Every fault once
            level: standard
            limit: 30m
            cluster:
              nodes: 8
              gangs:
                - name: llm
                  ranks: 6
                  checkpoint-every: 10m
                  last-checkpoint: 4m
                - name: serve
                  namespace: research
                  ranks: 1
                  checkpoint-every: 60m
                  last-checkpoint: 5m
            brief: Everything breaks.
            faults:
              - {id: xid, kind: xid, target: {gang: llm, rank: 1}, at: 1s, detected: [opened]}
              - {id: nvlink, kind: nvlink-down, target: {gang: llm, rank: 2}, at: 1s, detected: [opened]}
              - {id: notready, kind: node-not-ready, target: {gang: llm, rank: 3}, at: 1s, detected: [opened]}
              - {id: withdrawn, kind: gpus-withdrawn, target: {node: gpu-node-006}, at: 1s, detected: [opened]}
              - {id: maintenance, kind: maintenance-due, target: {node: gpu-node-007}, at: 1s, detected: [opened]}
              - {id: crash, kind: rank-crash, target: {gang: llm, rank: 0}, at: 1s, detected: [opened]}
              - {id: stale, kind: checkpoint-stale, target: {gang: llm}, at: 1s, detected: [opened]}
              - {id: budget, kind: pdb-blocks-drain, target: {gang: serve}, at: 1s, detected: [opened]}
              - {id: store, kind: checkpoint-store-unreachable, at: 1s, detected: [opened]}
              - {id: storm, kind: apf-storm, at: 1s, detected: [opened]}
              - {id: repair, kind: preflight-fails, target: {gang: llm, rank: 4}, on: preflight-started, detected: [opened]}
            reference:
              - Everything.
            """;

    @Test
    void everyFaultReachesTheConsoleAsARealClusterWouldShowIt() throws Exception {
        Scenario s = ScenarioParser.parse("every-fault.yaml", SCENARIO);
        Instant now = Instant.now();
        SandboxWorld world = SandboxWorld.start(s, now);
        SandboxCluster sandbox = world.cluster().as(SandboxCluster.class).orElseThrow();
        try (ClusterSession session = ClusterSessions.openStarted(world.target(), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS), session.health().describe());
            assertEquals(8, session.model().snapshot().nodes().stream()
                    .filter(n -> n.verdict() == NodeVerdict.TRUSTED).count(), "a drill starts on a healthy fleet");
            assertEquals(GangVerdict.RUNNING, gang(session, "llm").verdict());

            FaultInjector injector = new FaultInjector(world.hands(), s, 1);
            Map<String, FaultInjector.Injected> done = new LinkedHashMap<>();
            for (Scenario.Fault f : s.faults()) {
                done.put(f.id(), injector.inject(f, now));
            }

            until(() -> verdict(session, done.get("xid").where()) == NodeVerdict.UNTRUSTED, "the Xid node untrusted");
            until(() -> verdict(session, done.get("nvlink").where()) == NodeVerdict.UNTRUSTED, "the NVLink node untrusted");
            until(() -> verdict(session, done.get("notready").where()) == NodeVerdict.NOT_READY, "the node not ready");
            until(() -> verdict(session, "gpu-node-006") == NodeVerdict.DEGRADED, "GPUs withdrawn: degraded");
            until(() -> verdict(session, "gpu-node-007") == NodeVerdict.MAINTENANCE, "maintenance due");
            until(() -> gang(session, "llm").verdict() == GangVerdict.HALTED || gang(session, "llm").verdict() == GangVerdict.FAILED,
                    "the crashed rank halts llm (its peers then fail at their next collective)");
            var status = new dev.flightdeck.app.checkpoints.CheckpointService(new dev.flightdeck.app.checkpoints
                    .ObjectStoreCheckpoints(new dev.flightdeck.app.checkpoints.S3Settings(sandbox.objectStorageEndpoint(),
                    "us-east-1", true), software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                    software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("sandbox", "sandbox-not-a-secret"))));
            sandbox.setObjectStorageReachable(true); // to read what the stale fault left; the store fault is checked below
            var read = status.read(gang(session, "llm").annotations());
            assertTrue(read.newest() != null && read.newest().completedAt().isBefore(now.minus(Duration.ofMinutes(20))),
                    "llm's newest complete checkpoint is stale: " + read);
            sandbox.setObjectStorageReachable(false);
            assertEquals(1, sandbox.store().count("policy/poddisruptionbudgets"), "the budget that blocks the drain");
            assertTrue(sandbox.pressure().isActive(Episode.APF_429_STORM), "the APF storm");
            assertThrows(IOException.class, () -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create(sandbox.objectStorageEndpoint() + "/sandbox-checkpoints?list-type=2")).build(),
                    HttpResponse.BodyHandlers.ofString()), "the store drops the connection");
            assertEquals("training/llm rank 0", done.get("crash").where(), "the timeline says which rank");
            assertTrue(done.get("repair").what().contains("next preflight"), done.get("repair").toString());
        } finally {
            world.tearDown();
        }
    }

    @Test
    void everyBundledScenarioStartsAndEachOfItsFaultsFindsItsTarget() throws DrillStartException {
        for (Scenario s : ScenarioCatalog.bundled()) {
            SandboxWorld world = SandboxWorld.start(s, Instant.now());
            try {
                SandboxCluster sandbox = world.cluster().as(SandboxCluster.class).orElseThrow();
                assertEquals(s.cluster().nodes() + 1, sandbox.store().count("nodes"), s.id() + ": GPU nodes and one system node");
                FaultInjector injector = new FaultInjector(world.hands(), s, 1);
                for (Scenario.Fault f : s.faults()) {
                    FaultInjector.Injected i = injector.inject(f, Instant.now());
                    assertTrue(!i.where().isBlank() && !i.what().isBlank(), s.id() + "/" + f.id() + ": " + i);
                }
            } finally {
                world.tearDown();
            }
        }
    }

    private static NodeVerdict verdict(ClusterSession s, String node) {
        var n = s.model().node(node);
        return n == null ? null : n.verdict();
    }

    private static Gang gang(ClusterSession s, String name) {
        return s.model().gangs().stream().filter(g -> g.key().name().equals(name)).findFirst().orElseThrow();
    }

    private static void until(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not seen within 15 s: " + what);
            }
            Thread.sleep(50);
        }
    }
}
