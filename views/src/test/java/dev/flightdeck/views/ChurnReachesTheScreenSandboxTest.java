package dev.flightdeck.views;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.sandbox.SandboxChurnLoad;
import dev.flightdeck.views.nodes.NodeRow;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nothing is lost under churn: the sandbox's churn load (a load shape, not real behaviour)
 * writes node conditions, rank restarts and readiness, and pods created and deleted at
 * 400 events/s through its store for three seconds, while the whole console watches over
 * HTTP. When it stops, every node row shows the server's resourceVersion and pod count,
 * and while it ran the status bar said how fast objects were changing.
 */
class ChurnReachesTheScreenSandboxTest extends SandboxScreenTest {

    @Test
    void afterChurnTheScreenEqualsTheServer(FxRobot robot) throws Exception {
        FxWait.until(() -> rows().size() == 64, "the fleet on screen");
        AtomicBoolean paceShown = new AtomicBoolean();
        try (SandboxChurnLoad load = new SandboxChurnLoad(shown.sandbox, (node, rv, nanos) -> { })) {
            load.setRate(400);
            // The churn goes on until it has written 600 events and the status bar has said how fast objects change,
            // however long the loaded machine takes to get there.
            FxWait.until(() -> {
                String status = FxWait.onFx(() -> robot.lookup("#connection-status").queryAs(Label.class).getText());
                paceShown.compareAndSet(false, status.contains("updates/s"));
                return paceShown.get() && load.written() > 600;
            }, "600 events of churn and the status bar saying how fast objects changed");
            load.setRate(0);
        }

        FxWait.until(() -> differences().isEmpty(), "every node row to match the server");
        assertEquals(Map.of(), differences());
    }

    /** Node name → "shown vs server" for every node whose resourceVersion or pod count differs. */
    private Map<String, String> differences() throws Exception {
        Map<String, Integer> pods = new HashMap<>();
        for (ObjectNode p : shown.sandbox.store().listAll("pods")) {
            String phase = p.path("status").path("phase").asText();
            String node = p.path("spec").path("nodeName").asText("");
            if (!node.isEmpty() && !phase.equals("Succeeded") && !phase.equals("Failed")) {
                pods.merge(node, 1, Integer::sum);
            }
        }
        Map<String, String> server = new HashMap<>();
        for (ObjectNode n : shown.sandbox.store().listAll("nodes")) {
            String name = n.path("metadata").path("name").asText();
            server.put(name, n.path("metadata").path("resourceVersion").asText() + " with " + pods.getOrDefault(name, 0) + " pods");
        }
        Map<String, String> differ = new HashMap<>();
        for (NodeRow row : rows()) {
            String shown = row.node().facts().resourceVersion() + " with " + row.node().podCount() + " pods";
            if (!shown.equals(server.get(row.name()))) {
                differ.put(row.name(), shown + " vs " + server.get(row.name()));
            }
        }
        return differ;
    }

    private List<NodeRow> rows() throws Exception {
        return FxWait.onFx(() -> List.copyOf(shown.nodes.allRows()));
    }
}
