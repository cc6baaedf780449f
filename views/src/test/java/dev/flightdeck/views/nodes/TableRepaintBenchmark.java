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
import dev.flightdeck.views.theme.Themes;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.StackPane;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * What one whole repaint of the node table costs in the software pipeline (the one a remote desktop or a machine
 * without a GPU gets): 7,500 rows, a screenful of them scrolled by one row and painted again, as rows shifting under
 * churn or a scroll make the renderer do. Painted through {@code snapshot}, which runs the same region and text
 * painting as a window's frame, on the FX thread's clock. Two looks: the console's stylesheet, and the same with
 * Modena's backgrounds of several fills put back ({@code modena-fills.css}), which JavaFX draws as a stretched image.
 * Prints figures; asserts nothing.
 * <pre>mvn -pl views -am -Prepaint-bench -DskipTests verify   [-Drepaint.rounds=200]</pre>
 */
public final class TableRepaintBenchmark {

    private static final int WIDTH = 1_600;
    private static final int HEIGHT = 1_000;

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get();
        String modenaFills = Objects.requireNonNull(TableRepaintBenchmark.class.getResource("modena-fills.css"),
                "modena-fills.css on the test class path").toExternalForm();
        System.out.printf("node table, %,d rows, %d×%d, software pipeline (%s), %d repaints after %d to warm up%n",
                7_500, WIDTH, HEIGHT, System.getProperty("prism.order"), rounds, rounds);
        for (String look : List.of("modena fills", "flightdeck.css", "modena fills", "flightdeck.css")) {
            double[] ms = onFx(() -> repaints(look.equals("modena fills") ? modenaFills : null, rounds));
            Arrays.sort(ms);
            System.out.printf("%-15s one whole repaint: median %5.1f ms, p90 %5.1f ms, max %5.1f ms%n", look,
                    ms[ms.length / 2], ms[(int) (ms.length * 0.9)], ms[ms.length - 1]);
        }
        Platform.exit();
    }

    /** Milliseconds of each repaint, {@code rounds} of them after as many to warm up. */
    private static double[] repaints(String extraSheet, int rounds) {
        NodeTable table = new NodeTable(FXCollections.observableArrayList(rows(Instant.now())), Clock.systemUTC());
        Scene scene = new Scene(new StackPane(table), WIDTH, HEIGHT);
        Themes.install(scene);
        if (extraSheet != null) {
            scene.getStylesheets().add(extraSheet);
        }
        WritableImage image = new WritableImage(WIDTH, HEIGHT);
        double[] ms = new double[rounds];
        for (int i = -rounds; i < rounds; i++) {
            table.scrollTo(Math.floorMod(i, 300));
            long t0 = System.nanoTime();
            table.snapshot(null, image);
            if (i >= 0) {
                ms[i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        return ms;
    }

    private static List<NodeRow> rows(Instant now) {
        NodeVerdict[] verdicts = NodeVerdict.values();
        List<NodeRow> out = new ArrayList<>();
        for (int i = 0; i < 7_500; i++) {
            NodeVerdict v = i % 37 == 0 ? verdicts[1 + i % (verdicts.length - 1)] : NodeVerdict.TRUSTED;
            NodeFacts facts = new NodeFacts("gpu-node-%05d".formatted(i), "", "", now,
                    Map.of(GpuLabels.PRODUCT, "NVIDIA-H100-80GB-HBM3"), Map.of(), false,
                    i % 3 == 0 ? List.of(new Taint("nvidia.com/gpu", "present", "NoSchedule")) : List.of(),
                    List.of(new NodeCondition("Ready", "True", "KubeletReady", "", now)), 8, 8);
            out.add(new NodeRow(new GpuNode(facts, PreflightState.NONE, CordonState.NONE, new TrustAssessment(v,
                    v == NodeVerdict.TRUSTED ? List.of() : List.of("Xid 79 on GPU 3: fallen off the bus")), i % 9, 8)));
        }
        return out;
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> task) throws Exception {
        CompletableFuture<T> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                done.complete(task.call());
            } catch (Exception | Error e) {
                done.completeExceptionally(e);
            }
        });
        return done.get();
    }
}
