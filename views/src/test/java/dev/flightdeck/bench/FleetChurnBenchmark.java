package dev.flightdeck.bench;

import dev.flightdeck.app.clusters.ClusterSummary;
import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.sandbox.SandboxFleetProcess;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.app.settings.OpenContexts;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.shell.ContextChoice;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.application.Platform;
import javafx.scene.Scene;

import static dev.flightdeck.bench.FxCalls.fx;
import static dev.flightdeck.bench.FxCalls.waitUntil;
import javafx.stage.Stage;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The fleet's responsiveness: the whole console, headless, with ten sandbox clusters of 7,500 GPU
 * nodes and ~100k pods each open at once (served by a child JVM), while every one of them churns at
 * 100 events/s. Pulse durations (JavaFX's pulse logger) on the Fleet screen and on one cluster's
 * Nodes screen, and how long a switch to another open cluster takes until its nodes are on screen.
 * Run: {@code mvn -pl views -am -Pfleet-bench -DskipTests verify} [-Dbench.clusters=10 -Dbench.seconds=60].
 */
public final class FleetChurnBenchmark {

    public static void main(String[] args) throws Exception {
        PulseLog pulses = PulseLog.install();
        PrintStream out = pulses.out();
        int count = Integer.getInteger("clusters", 10);
        int nodeCount = Integer.getInteger("nodes", 7_500);
        int seconds = Integer.getInteger("seconds", 60);
        Path work = Files.createTempDirectory("fleet-churn");
        long t0 = System.nanoTime();
        try (SandboxFleetProcess sandboxes = SandboxFleetProcess.start(count, nodeCount, System.getProperty("serverHeap", "18g"),
                work.resolve("sandboxes.log"))) {
            out.printf("sandboxes: %d × %,d GPU nodes in a child JVM, seeded in %.0f s%n", count, nodeCount,
                    (System.nanoTime() - t0) / 1e9);
            Kubeconfig k = KubeconfigLoader.load(List.of(sandboxes.writeKubeconfig(work.resolve("kubeconfig"))));
            CompletableFuture<Void> started = new CompletableFuture<>();
            Platform.startup(() -> started.complete(null));
            started.get();
            NodesViewModel nodes = new NodesViewModel(Clock.systemUTC());
            SessionController sessions = fx(() -> new SessionController(t -> ClusterSessions.openStarted(t, SessionOptions.DEFAULTS), nodes));
            MainWindow window = fx(() -> {
                MainWindow w = new MainWindow(sessions, nodes, ContextChoice.all(k, 16), Clock.systemUTC());
                Stage stage = new Stage();
                Scene scene = w.createScene(1000, 1000); // the headless screen is 1000x1000
                stage.setScene(scene);
                stage.show();
                return w;
            });
            pulses.phase("sync");
            long syncStart = System.nanoTime();
            fx(() -> {
                sessions.switchTo(new ConnectionTarget.Context(k, "sandbox-1"));
                window.keepOpen(k, new OpenContexts(true, List.of()));
                return null;
            });
            waitUntil(() -> {
                var o = window.fleet().latest();
                return o != null && o.rows().size() == count
                        && o.rows().stream().allMatch(r -> r.connection() == ClusterSummary.Connection.LIVE);
            }, 1_200);
            out.printf("all %d clusters live %.1f s after start; pulses during it: %s%n", count,
                    (System.nanoTime() - syncStart) / 1e9, pulses.pulses("sync"));

            sandboxes.churn(100, count);
            pulses.phase("warm-up");
            Thread.sleep(5_000);
            pulses.phase("Fleet screen");
            fx(() -> {
                window.showFleet();
                return null;
            });
            MachineLoad fleetLoad = MachineLoad.during(seconds * 500L);
            pulses.phase("Nodes of sandbox-1");
            fx(() -> {
                window.showNodes();
                return null;
            });
            MachineLoad nodesLoad = MachineLoad.during(seconds * 500L);
            out.printf("%nwith %d clusters churning at 100 events/s each:%n", count);
            out.printf("  pulses on the Fleet screen:       %s; %s%n", pulses.pulses("Fleet screen"), fleetLoad);
            out.printf("  pulses on sandbox-1's Nodes:      %s; %s%n", pulses.pulses("Nodes of sandbox-1"), nodesLoad);
            out.print("  longest on the Fleet screen: " + pulses.longest("Fleet screen").replace("\n", "\n      ") + "\n");
            for (int target : new int[]{5, 10, 2}) {
                pulses.phase("switch");
                long t = System.nanoTime();
                fx(() -> {
                    sessions.switchTo(new ConnectionTarget.Context(k, "sandbox-" + target));
                    return null;
                });
                waitUntil(() -> nodes.allRows().size() >= nodeCount, 120);
                out.printf("  switch to open sandbox-%d: its %,d nodes on screen in %.0f ms%n", target,
                        nodes.allRows().size(), (System.nanoTime() - t) / 1e6);
            }
            out.printf("  pulses while switching:           %s%n", pulses.pulses("switch"));
            sandboxes.churn(0, count);
            fx(() -> {
                window.stop();
                sessions.close();
                return null;
            });
        } finally {
            Platform.exit();
        }
        System.exit(0);
    }

    private FleetChurnBenchmark() {
    }
}
