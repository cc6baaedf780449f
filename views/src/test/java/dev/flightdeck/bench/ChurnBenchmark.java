package dev.flightdeck.bench;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.sandbox.SandboxChurnLoad;
import dev.flightdeck.sandbox.SandboxCluster;
import dev.flightdeck.app.session.ClusterSessions;
import dev.flightdeck.app.session.SessionOptions;
import dev.flightdeck.views.EmbeddedSandbox;
import dev.flightdeck.views.gangs.GangRow;
import dev.flightdeck.views.nodes.NodeRow;
import dev.flightdeck.views.nodes.NodesViewModel;
import dev.flightdeck.views.shell.MainWindow;
import dev.flightdeck.views.shell.SessionController;
import javafx.application.Platform;
import javafx.scene.Scene;

import static dev.flightdeck.bench.FxCalls.fx;
import static dev.flightdeck.bench.FxCalls.waitUntil;
import javafx.stage.Stage;

import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The responsiveness benchmark: the whole console (main window, real screens, the
 * session over HTTP) on a sandbox of 7,500 GPU nodes and ~100k pods in ~1,500 gangs,
 * headless, while {@link SandboxChurnLoad} writes 100, 1,000 and 5,000 events a second.
 * Each rate runs for {@code -Dseconds} split over the four screens an operator keeps
 * open in an incident ({@code -Drates=100,1000,5000} to choose). Figures come from JavaFX's own pulse logger (pulse durations on
 * the FX thread) and from a latency probe (a node write in the server → its row updated
 * and laid out). Run: {@code mvn -pl views -Pbench -DskipTests verify} (see README).
 */
public final class ChurnBenchmark {


    public static void main(String[] args) throws Exception {
        PulseLog pulses = PulseLog.install();
        PrintStream out = pulses.out();
        int nodeCount = Integer.getInteger("nodes", 7_500);
        int gangCount = Integer.getInteger("gangs", 1_500);
        int ranks = Integer.getInteger("ranks", 66);
        int seconds = Integer.getInteger("seconds", 60);
        double[] rates = java.util.Arrays.stream(System.getProperty("rates", "100,1000,5000").split(","))
                .mapToDouble(Double::parseDouble).toArray();

        long t0 = System.nanoTime();
        SandboxCluster sandbox = SandboxCluster.startGangLoad(nodeCount, gangCount, ranks, 512);
        out.printf("sandbox: %,d nodes, %,d pods in %,d gangs (the first of 512 ranks), seeded in %.1f s%n",
                sandbox.store().count("nodes"), sandbox.store().count("pods"), gangCount, (System.nanoTime() - t0) / 1e9);

        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get();
        NodesViewModel nodes = new NodesViewModel(Clock.systemUTC());
        SessionController sessions = fx(() -> new SessionController(
                t -> ClusterSessions.openStarted(t, SessionOptions.DEFAULTS), nodes));
        MainWindow window = fx(() -> {
            MainWindow w = new MainWindow(sessions, nodes, List.of(), Clock.systemUTC());
            Stage stage = new Stage();
            // The headless screen is 1000x1000; a larger window fails to blit.
            Scene scene = w.createScene(1000, 1000);
            stage.setScene(scene);
            stage.setX(0);
            stage.setY(0);
            stage.show();
            return w;
        });
        LatencyProbe probe = new LatencyProbe(nodes);
        fx(() -> {
            window.getScene().addPostLayoutPulseListener(probe::check);
            return null;
        });

        // Initial sync: from the switch to every node and gang on screen.
        pulses.phase("sync");
        long syncStart = System.nanoTime();
        fx(() -> {
            sessions.switchTo(new ConnectionTarget.RunningSandbox(EmbeddedSandbox.local(sandbox, () -> { })));
            return null;
        });
        waitUntil(() -> nodes.allRows().size() >= nodeCount && sessions.gangs().allRows().size() >= gangCount, 600);
        double syncSeconds = (System.nanoTime() - syncStart) / 1e9;
        Thread.sleep(2_000);
        out.printf("initial sync to the screen: %.1f s; pulses during it: %s%n", syncSeconds, pulses.pulses("sync"));
        out.print(indent("the longest, as the pulse logger broke it down: ", pulses.longest("sync")));

        Map<String, Consumer<MainWindow>> screens = screens(nodes, sessions);
        Map<String, Distribution> latency = new LinkedHashMap<>();
        try (SandboxChurnLoad load = new SandboxChurnLoad(sandbox, probe)) {
            fx(() -> {
                nodes.select(load.node(0));
                return null;
            });
            // Warm-up, not reported: each screen built and shown once under churn, so the figures
            // are of a console in use (first opening of a screen and JIT are counted apart).
            pulses.phase("warm-up");
            load.setRate(1_000);
            for (Consumer<MainWindow> screen : screens.values()) {
                fx(() -> {
                    screen.accept(window);
                    return null;
                });
                Thread.sleep(3_000);
            }
            load.setRate(0);
            waitUntil(() -> probe.outstanding() == 0, 120);
            out.printf("warm-up (each screen once at 1,000/s, not counted): %s%n", pulses.pulses("warm-up"));
            for (double rate : rates) {
                String r = String.format("%,.0f/s", rate);
                Distribution lat = latency.computeIfAbsent(r, k -> new Distribution());
                probe.into(lat);
                long written = load.written();
                long start = System.nanoTime();
                load.setRate(rate);
                for (Map.Entry<String, Consumer<MainWindow>> screen : screens.entrySet()) {
                    // Opening a screen is the user's action, not churn: its pulses are counted apart.
                    pulses.phase("opening a screen");
                    fx(() -> {
                        screen.getValue().accept(window);
                        return null;
                    });
                    Thread.sleep(500);
                    pulses.phase(r + " " + screen.getKey());
                    Thread.sleep(seconds * 1000L / screens.size());
                }
                load.setRate(0);
                double achieved = (load.written() - written) / ((System.nanoTime() - start) / 1e9);
                pulses.phase(r + " catch-up");
                long stop = System.nanoTime();
                waitUntil(() -> probe.outstanding() == 0, 120);
                out.printf("%n%s: %,.0f events/s written, %,d refused; screen caught up %.1f s after the load stopped%n",
                        r, achieved, load.failed(), (System.nanoTime() - stop) / 1e9);
                out.printf("  server write -> row on screen: %s%n", lat);
                for (String screen : screens.keySet()) {
                    out.printf("  pulses on %-28s %s%n", screen + ":", pulses.pulses(r + " " + screen));
                }
                for (String screen : screens.keySet()) {
                    out.print(indent("  longest on " + screen + ": ", pulses.longest(r + " " + screen)));
                }
                out.printf("  pulses while catching up:       %s%n", pulses.pulses(r + " catch-up"));
            }
            out.printf("%nopening a screen (all rates): %s%n", pulses.pulses("opening a screen"));
            pulses.phase("after");
            Thread.sleep(2_000);
            out.printf("%nafter the churn: %s%n", differences(sandbox, nodes));
        } finally {
            fx(() -> {
                window.stop();
                sessions.close();
                return null;
            });
            sandbox.close();
            Platform.exit();
        }
    }

    /** The screens an operator keeps open during an incident, each set up as they would have it. */
    private static Map<String, Consumer<MainWindow>> screens(NodesViewModel nodes, SessionController sessions) {
        Map<String, Consumer<MainWindow>> screens = new LinkedHashMap<>();
        screens.put("Nodes (filter, search)", w -> {
            w.showNodes();
            nodes.productFilterProperty().set(nodes.products().isEmpty() ? null : nodes.products().getFirst());
            nodes.searchTextProperty().set("gpu-node-");
        });
        screens.put("Gangs (512 ranks selected)", w -> {
            w.showGangs();
            GangRow biggest = null;
            for (GangRow g : sessions.gangs().allRows()) {
                if (biggest == null || g.gang().expected() > biggest.gang().expected()) {
                    biggest = g;
                }
            }
            if (biggest != null) {
                sessions.gangs().select(biggest.key(), 0);
            }
        });
        screens.put("Pressure", MainWindow::showPressure);
        screens.put("Journal", MainWindow::showJournal);
        return screens;
    }

    private static String indent(String title, String detail) {
        return detail.isEmpty() ? "" : title + detail.replace("\n", "\n      ").stripTrailing() + "\n";
    }

    /** Nodes whose row shows another resourceVersion than the server holds (nothing may be lost). */
    private static String differences(SandboxCluster sandbox, NodesViewModel nodes) throws Exception {
        Map<String, String> shown = fx(() -> {
            Map<String, String> m = new LinkedHashMap<>();
            for (NodeRow row : nodes.allRows()) {
                m.put(row.name(), row.node().facts().resourceVersion());
            }
            return m;
        });
        List<String> differ = new ArrayList<>();
        for (var n : sandbox.store().listAll("nodes")) {
            String name = n.path("metadata").path("name").asText();
            String rv = n.path("metadata").path("resourceVersion").asText();
            if (shown.containsKey(name) && !rv.equals(shown.get(name))) {
                differ.add(name);
            }
        }
        return differ.isEmpty()
                ? "every node row shows the server's resourceVersion (" + shown.size() + " rows)"
                : differ.size() + " node rows differ from the server, e.g. " + differ.getFirst();
    }

    private ChurnBenchmark() {
    }
}
