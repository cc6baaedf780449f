package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.ObjectReference;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.watch.WatchPhase;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.sandbox.SandboxEventRecorder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The feed on the sandbox: nothing of Events is asked for until a view opens; views of one scope
 * share one LIST and WATCH (through events.k8s.io/v1, which discovery lists); the screen's rows follow
 * the cluster through deltas; a node's or a pod's view is its own server-selected watch; the watch
 * stops once the last view has been closed for the linger.
 */
class EventFeedSandboxTest {

    private SandboxCluster sandbox;
    private ClusterConnection connection;

    /** A sandbox each: the first test counts every request for Events it sees. */
    @BeforeEach
    void start() throws Exception {
        sandbox = SandboxCluster.startQuiet(64);
        connection = ClusterConnection.open(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS);
    }

    @AfterEach
    void stop() {
        connection.close();
        sandbox.close();
    }

    /** A screen: its rows kept by applying the deltas in order. */
    static final class Rows {
        private final List<EventRecord> rows = new ArrayList<>();
        private int deltas;

        synchronized void accept(EventsDelta d) {
            d.applyTo(rows);
            deltas++;
        }

        synchronized List<String> reasons() {
            return rows.stream().map(e -> e.reason() + " " + e.regarding()).toList();
        }

        synchronized int deltas() {
            return deltas;
        }
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 30 s: " + what);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void nothingIsWatchedUntilShownViewsShareOneWatchAndItStopsAfterTheLast() throws Exception {
        String v1 = "events.k8s.io/events";
        try (EventFeed feed = new EventFeed(connection.api(), EventFeed.Options.DEFAULTS.withLinger(Duration.ofMillis(300)),
                Clock.systemUTC())) {
            assertEquals(0, sandbox.requests().get("LIST", v1) + sandbox.requests().get("WATCH", v1)
                    + sandbox.requests().get("LIST", "events"), "no view, no request");
            Rows screen = new Rows();
            EventsView view = feed.open(EventScope.cluster(), EventFilter.ALL, 100, screen::accept);
            await("the seeded Events", () -> screen.reasons().size() == 3);
            assertEquals(List.of("FailedScheduling pod training/llm-pretrain-30-X",
                    "FailedScheduling pod training/llm-pretrain-31-X", "NodeNotReady node/gpu-node-050"),
                    screen.reasons().stream().map(s -> s.replaceAll("(llm-pretrain-3[01])-\\w+$", "$1-X")).toList());
            await("live", () -> view.health().phase() == WatchPhase.LIVE);

            Rows second = new Rows();
            EventsView other = feed.open(EventScope.cluster(), EventFilter.ALL.withWarningsOnly(true), 1, second::accept);
            await("the second view's rows", () -> second.reasons().size() == 1);
            assertEquals(1, sandbox.requests().get("LIST", v1), "one LIST for both views");
            assertEquals(1, sandbox.requests().get("WATCH", v1));
            assertEquals(List.of(new EventFeed.Watched(EventScope.cluster(), ApiResource.EVENTS, 2, 1, view.health())),
                    feed.watched());

            Instant now = Instant.now();
            new SandboxEventRecorder(sandbox.store()).legacy(SandboxEventRecorder.About.node("gpu-node-013"), "kubelet",
                    "NodeHasDiskPressure", true, "Node gpu-node-013 status is now: NodeHasDiskPressure", now, 1, now);
            await("the new Warning on top", () -> screen.reasons().size() == 4
                    && screen.reasons().getFirst().equals("NodeHasDiskPressure node/gpu-node-013"));
            await("the Warnings view's one row", () -> second.reasons().equals(List.of("NodeHasDiskPressure node/gpu-node-013")));

            view.close();
            other.close();
            await("the watch stopped after the linger", () -> feed.watched().isEmpty());
            long lists = sandbox.requests().get("LIST", v1);
            EventsView again = feed.open(EventScope.cluster(), EventFilter.ALL, 10, new Rows()::accept);
            await("a new LIST for a view opened after the watch stopped", () -> sandbox.requests().get("LIST", v1) == lists + 1);
            again.close();
        }
    }

    @Test
    void aPodsViewIsItsOwnWatchOfItsEventsOnly() throws Exception {
        try (EventFeed feed = new EventFeed(connection.api(), EventFeed.Options.DEFAULTS, Clock.systemUTC())) {
            Rows node = new Rows();
            ObjectReference gpu20 = ObjectReference.of("Node", "", "gpu-node-020");
            try (EventsView view = feed.open(EventScope.of(gpu20), EventFilter.ALL, 50, node::accept)) {
                await("live", () -> view.health().phase() == WatchPhase.LIVE);
                assertTrue(view.model().awaitFolded(10, TimeUnit.SECONDS));
                int before = node.deltas();
                SandboxEventRecorder recorder = new SandboxEventRecorder(sandbox.store());
                Instant now = Instant.now();
                recorder.legacy(SandboxEventRecorder.About.node("gpu-node-021"), "kubelet", "Rebooted", true, "Node rebooted",
                        now, 1, now);
                recorder.legacy(SandboxEventRecorder.About.node("gpu-node-020"), "kubelet", "Rebooted", true, "Node rebooted",
                        now, 1, now);
                await("its own Event", () -> node.reasons().equals(List.of("Rebooted node/gpu-node-020")));
                assertEquals(before + 1, node.deltas(), "the other node's Event never reached this view");
                assertTrue(feed.watched().getFirst().scope() instanceof EventScope.About);
            }
        }
    }

    @Test
    void aGangsDetailShowsItsRanksEventsFromTheSessionsFeed() throws Exception {
        try (dev.flightdeck.app.session.ClusterSession session = dev.flightdeck.app.session.ClusterSessions.openStarted(
                TestSandboxes.target(sandbox), SessionOptions.DEFAULTS)) {
            assertTrue(session.awaitSynced(60, TimeUnit.SECONDS));
            assertTrue(session.events().watched().isEmpty(), "a session watches no Events by itself");
            dev.flightdeck.app.gangs.Gang gang = session.model().gangs().stream()
                    .filter(g -> g.key().name().equals("llm-pretrain")).findFirst().orElseThrow();
            Rows rows = new Rows();
            try (EventsView view = session.events().forGang(gang, 100, rows::accept)) {
                await("the gated ranks' FailedScheduling", () -> rows.reasons().size() == 2);
                assertTrue(rows.reasons().stream().allMatch(r -> r.matches("FailedScheduling pod training/llm-pretrain-3[01]-\\w+")),
                        rows.reasons().toString());
                assertEquals(List.of(new EventScope.Namespace("training")),
                        session.events().watched().stream().map(EventFeed.Watched::scope).toList());
                assertEquals(ApiResource.EVENTS, session.events().watched().getFirst().api(), "as discovery lists it");
            }
        }
    }
}
