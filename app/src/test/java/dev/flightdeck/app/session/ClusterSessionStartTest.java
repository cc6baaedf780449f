package dev.flightdeck.app.session;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A session is built without side effects and watches once started: {@link ClusterSessions#connect} starts no
 * thread and asks the cluster for no LIST or WATCH; {@link ClusterSession#start()} starts them, once.
 */
class ClusterSessionStartTest {

    /** The session's own platform threads (its watchers, its model's fold, its ticker), by name. */
    private static final List<String> SESSION_THREADS = List.of("cluster-model", "model-ticker", "watch-");

    @Test
    void aConnectedSessionWatchesNothingUntilStarted() throws Exception {
        try (SandboxCluster sandbox = TestSandboxes.remembered(SandboxCluster.startQuiet(4))) {
            Set<Long> before = sessionThreads();
            long lists = sandbox.requests().total("LIST");
            long watches = sandbox.requests().total("WATCH");
            try (ClusterSession session = ClusterSessions.connect(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS)) {
                assertEquals(before, sessionThreads(), "threads started by connect");
                assertEquals(lists, sandbox.requests().total("LIST"), "LISTs made by connect");
                assertEquals(watches, sandbox.requests().total("WATCH"), "WATCHes opened by connect");
                IllegalStateException early = assertThrows(IllegalStateException.class, session::telemetry);
                assertTrue(early.getMessage().contains("not started"), early.getMessage());

                assertEquals(session, session.start());
                assertTrue(session.awaitSynced(1, TimeUnit.MINUTES), session.health().describe());
                assertTrue(!session.model().gpuNodeNames().isEmpty(), "the sandbox's GPU nodes in the model");
                assertTrue(sandbox.requests().total("LIST") > lists, "the watchers listed once started");
                assertThrows(IllegalStateException.class, session::start, "a second start");
            }
        }
    }

    @Test
    void aSessionClosedBeforeStartingNeverStarts() throws Exception {
        try (SandboxCluster sandbox = TestSandboxes.remembered(SandboxCluster.startQuiet(2))) {
            long lists = sandbox.requests().total("LIST");
            ClusterSession session = ClusterSessions.connect(TestSandboxes.target(sandbox), SessionOptions.DEFAULTS);
            session.close();
            assertThrows(IllegalStateException.class, session::start);
            assertEquals(lists, sandbox.requests().total("LIST"), "LISTs made by a session never started");
        }
    }

    private static Set<Long> sessionThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> SESSION_THREADS.stream().anyMatch(t.getName()::startsWith))
                .map(Thread::threadId).collect(Collectors.toSet());
    }
}
