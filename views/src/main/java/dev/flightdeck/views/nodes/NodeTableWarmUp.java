package dev.flightdeck.views.nodes;

import dev.flightdeck.app.nodes.CordonState;
import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.nodes.NodeCondition;
import dev.flightdeck.app.nodes.NodeFacts;
import dev.flightdeck.app.nodes.NodeVerdict;
import dev.flightdeck.app.nodes.PreflightState;
import dev.flightdeck.app.nodes.Taint;
import dev.flightdeck.app.nodes.TrustAssessment;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.layout.Pane;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds a screenful of node-table cells once, hidden and never painted, while the window waits for the first node
 * LIST: the first cells a JVM builds cost most (their classes loaded, the code cold, the CSS matched for the first
 * time), and in the measured launch they made the pulse that showed the first nodes the longest one (a 420 ms layout).
 * Built here, in the window's own scene (CSS caches are per scene), that cost falls in the second or so the FX thread
 * otherwise idles between the window showing and the nodes arriving. Made-up rows, every verdict among them so each
 * verdict's icon and colour are matched; the table is removed in the same turn, before any pulse could paint it.
 */
final class NodeTableWarmUp {

    /** About a screenful: what the first glimpses show. */
    static final int ROWS = 40;

    private NodeTableWarmUp() {
    }

    /**
     * Warms up once {@code host} is in a scene, right after that scene's first layout (so the window shows no later for
     * it), if {@code noRowsYet} still says so then.
     */
    static void once(Pane host, java.util.function.BooleanSupplier noRowsYet, Clock clock) {
        host.sceneProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends javafx.scene.Scene> o,
                                javafx.scene.Scene old, javafx.scene.Scene scene) {
                if (scene != null) {
                    host.sceneProperty().removeListener(this);
                    afterFirstLayout(scene, () -> {
                        if (noRowsYet.getAsBoolean()) {
                            run(host, clock);
                        }
                    });
                }
            }
        });
    }

    /** Runs {@code task} once, in its own turn right after {@code scene}'s next layout pass. */
    private static void afterFirstLayout(javafx.scene.Scene scene, Runnable task) {
        scene.addPostLayoutPulseListener(new Runnable() {
            private boolean ran;

            @Override
            public void run() {
                if (ran) {
                    return;
                }
                ran = true;
                Runnable self = this;
                // removed outside the scene's walk over its listeners
                javafx.application.Platform.runLater(() -> {
                    scene.removePostLayoutPulseListener(self);
                    task.run();
                });
            }
        });
    }

    /**
     * Lays out a throwaway table of {@link #ROWS} made-up nodes inside {@code host}, then takes it out again; returns how
     * many rows it built cells for (none when {@code host} is in no scene).
     */
    static int run(Pane host, Clock clock) {
        if (host.getScene() == null) {
            return 0;
        }
        NodeTable table = new NodeTable(rows(clock.instant()), clock);
        table.setManaged(false);
        table.setVisible(false);
        host.getChildren().add(table);
        try {
            table.resize(Math.max(host.getWidth(), 1200), Math.max(host.getHeight(), 800));
            table.applyCss();
            table.layout();
            return (int) table.lookupAll(".table-row-cell").stream()
                    .filter(c -> c instanceof javafx.scene.control.TableRow<?> r && r.getItem() != null).count();
        } finally {
            host.getChildren().remove(table);
        }
    }

    private static ObservableList<NodeRow> rows(Instant now) {
        NodeVerdict[] verdicts = NodeVerdict.values();
        List<NodeRow> out = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            NodeVerdict v = verdicts[i % verdicts.length];
            NodeFacts facts = new NodeFacts("warm-up-node-" + i, "", "", now, Map.of(GpuLabels.PRODUCT, "NVIDIA-H100-80GB-HBM3"),
                    Map.of(), false, i % 3 == 0 ? List.of(new Taint("nvidia.com/gpu", "present", "NoSchedule")) : List.of(),
                    List.of(new NodeCondition("Ready", "True", "KubeletReady", "", now)), 8, 8);
            out.add(new NodeRow(new GpuNode(facts, PreflightState.NONE, CordonState.NONE,
                    new TrustAssessment(v, v == NodeVerdict.TRUSTED ? List.of() : List.of("a made-up reason")), i % 9, 8)));
        }
        return FXCollections.observableArrayList(out);
    }
}
