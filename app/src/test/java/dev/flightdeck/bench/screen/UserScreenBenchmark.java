package dev.flightdeck.bench.screen;

import dev.flightdeck.app.controlplane.ControlPlane;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The benchmark of record for issue 27, measured where the user sees it: the project's real control plane
 * (etcd and kube-apiserver 1.32 from ../shared/kube), seeded through the API with the sandbox generator's fleet,
 * the packaged console in its own process with a real window (Xvfb, software pipeline, JavaFX's pulse logger, its
 * startup trace), then a churn writer in a third JVM. Prints the floor, the startup milestones, the sync ratio, the
 * pulses from launch to live and under churn, the heap, and issue 27's targets met or not.
 * Run: {@code mvn -B -o -pl app -am -Pscreen-bench -DskipTests verify} (see docs/performance-benchmark.md);
 * options in {@link ScreenBenchOptions}.
 */
public final class UserScreenBenchmark {

    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)([KMG])");

    private final ScreenBenchOptions o;
    private final Path work;
    private final Deque<AutoCloseable> started = new ArrayDeque<>();

    private UserScreenBenchmark(ScreenBenchOptions o, Path work) {
        this.o = o;
        this.work = work;
    }

    public static void main(String[] args) throws IOException {
        ScreenBenchOptions o;
        try {
            o = ScreenBenchOptions.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            System.out.println("screen-bench: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (!Xvfb.installed()) {
            System.out.println("screen-bench: Xvfb is not installed (apt-get install -y xvfb): no window, nothing measured");
            System.exit(2);
        }
        UserScreenBenchmark bench = new UserScreenBenchmark(o, Files.createTempDirectory("screen-bench-"));
        // Ctrl-C or a failure: nothing it started outlives it.
        Thread stopper = Thread.ofPlatform().unstarted(bench::stopEverything);
        Runtime.getRuntime().addShutdownHook(stopper);
        int code = 0;
        try {
            bench.run();
        } catch (IOException | RuntimeException e) {
            System.out.println("screen-bench: " + e.getMessage());
            code = 1;
        } catch (InterruptedException e) {
            System.out.println("screen-bench: interrupted");
            code = 1;
        } finally {
            bench.stopEverything();
        }
        System.exit(code);
    }

    private void run() throws IOException, InterruptedException {
        System.out.printf("screen-bench: %s on %d cores, Java %s%n", o.describe(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        long t = System.nanoTime();
        GeneratedFleet fleet;
        try {
            fleet = GeneratedFleet.generate(o.nodes(), o.pods());
        } catch (dev.flightdeck.sandbox.StoreException e) {
            throw new IOException("the sandbox generator failed: " + e.getMessage(), e);
        }
        System.out.printf("generated: %s in %.1f s (the sandbox's gang-load shape)%n", fleet.describe(), secs(t));

        t = System.nanoTime();
        if (o.reuse() != null) {
            Files.createDirectories(o.reuse());
        }
        ControlPlane plane = ControlPlane.startFromEnvironment(new ControlPlane.Setup(
                // Only the ServiceAccount controller (pods need their namespace's default one): no node lifecycle to
                // taint kubelet-less nodes NotReady, no garbage collector for the owners never created, no scheduler.
                List.of("serviceaccount"), false,
                // Nodes keep the taints the generator gave them: admission would add not-ready, which only node
                // lifecycle takes off again.
                List.of("--disable-admission-plugins=TaintNodesByCondition"),
                List.of("--quota-backend-bytes=8589934592"), o.reuse() == null ? null : o.reuse().resolve("etcd")));
        started.push(plane);
        System.out.printf("control plane: kube-apiserver at %s ready in %.1f s%n", plane.server(), secs(t));
        Path kubeconfig = plane.adminKubeconfig();
        ApiConnections api = ApiConnections.fromKubeconfig(kubeconfig);

        // Before the seed: seeding hands the objects' status to the server and keeps none.
        Path targets = work.resolve("churn-targets.tsv");
        ChurnTargets.of(fleet).write(targets);
        String seedFigure = seed(api, fleet);
        fleet = null; // the parent's copy is not needed any more: let its GC give the cores back

        FloorList.Result floor = FloorList.measure(api);
        System.out.printf("floor: %.2f s, %.1f MB%n", floor.seconds(), floor.megabytes());
        ColdNodeList.Result coldList = ColdNodeList.measure(kubeconfig);
        System.out.println("the node LIST alone: " + coldList.describe());

        Xvfb x = Xvfb.start(work.resolve("xvfb.log"));
        started.push(x);
        Path trace = work.resolve("trace.jsonl");
        Path jfr = work.resolve("console.jfr");
        Path home = Files.createDirectories(work.resolve("home"));
        ConsoleCommand command = o.jfr() ? ConsoleCommand.jdkWithImageJars(o.image(), o.javafxMods(), kubeconfig)
                : ConsoleCommand.image(o.image(), kubeconfig);
        PulseTimeline pulses = new PulseTimeline();
        String toolOptions = o.javaToolOptions(jfr);
        ConsoleProcess console = ConsoleProcess.start(command, Map.of("HOME", home.toString(), "DISPLAY", x.display(),
                "FLIGHTDECK_TRACE", trace.toString(), "JAVA_TOOL_OPTIONS", toolOptions), work.resolve("console.log"), pulses);
        started.push(console);
        ScreenThreadWaits waits = ScreenThreadWaits.start(console.pid(), console::nowMs);
        started.push(waits);
        System.out.printf("console: pid %d on display %s, %s; JAVA_TOOL_OPTIONS=%s%n", console.pid(), x.display(),
                command.how(), toolOptions);

        String liveBy = awaitLive(console, trace, pulses);
        long liveMs = console.nowMs();
        Thread.sleep(2_000);
        String heap = heapAfterGc(console, o.pods());

        ChurnProcess churn = ChurnProcess.start(kubeconfig, targets, o.nodeRate(), o.podRate(), o.churnSeconds(),
                o.churnConnections(), o.reuse() != null, console::nowMs);
        started.push(churn);
        ChurnProcess.Result churned = churn.await(o.churnSeconds() + 300);
        long churnStart = churn.startMs();
        long churnEnd = churn.endMs() > 0 ? churn.endMs() : console.nowMs();
        if (o.jfr()) {
            System.out.println("jfr: " + console.jcmd("JFR.dump", "name=screen", "filename=" + jfr).strip().replace('\n', ' '));
        }
        Map<String, StartupTraceFile.Event> events = StartupTraceFile.read(trace);
        new ScreenReport(o, seedFigure, floor, coldList, events, liveMs, liveBy, pulses.between(0, liveMs),
                churnStart < 0 ? List.of() : pulses.between(churnStart, churnEnd), churnStart, churned, heap).print();
        System.out.println("screen threads, launch to live: " + waits.describe(0, liveMs));
        System.out.println("screen threads, under churn:    " + (churnStart < 0 ? "no churn" : waits.describe(churnStart, churnEnd)));
        if (o.jfr() && Files.isRegularFile(jfr)) {
            Path kept = Path.of("target", "screen-bench-console.jfr").toAbsolutePath();
            Files.createDirectories(kept.getParent());
            Files.copy(jfr, kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            System.out.println("jfr: the console's recording is kept in " + kept);
            Instant churnAt = churnStart < 0 ? null : Instant.ofEpochMilli(System.currentTimeMillis() - console.nowMs() + churnStart);
            FxThreadProfile.read(jfr, churnAt).print();
        }
    }

    private String seed(ApiConnections api, GeneratedFleet fleet) throws IOException, InterruptedException {
        FleetSeed seed = new FleetSeed(api, o.connections());
        String kept = seed.alreadySeeded();
        if (kept != null) {
            if (!kept.equals(FleetSeed.seedKey(fleet))) {
                throw new IOException("the kept etcd in " + o.reuse() + " holds " + kept + ", not "
                        + FleetSeed.seedKey(fleet) + ": give -Dreuse another directory (or remove that one)");
            }
            System.out.println("seed: the kept etcd already holds " + kept + "; not seeded again");
            return "kept from an earlier run (" + kept + ")";
        }
        long t = System.nanoTime();
        long requests = seed.seed(fleet);
        double s = secs(t);
        String figure = String.format("%.1f s for %s (%,d requests over %d connections, %.0f objects/s)", s,
                FleetSeed.seedKey(fleet), requests, o.connections(), (fleet.nodes().size() + fleet.pods().size()) / s);
        System.out.println("seed: " + figure);
        return figure;
    }

    /** Until the trace says pods-synced; without a trace, until the pulses have been short for 10 s. */
    private String awaitLive(ConsoleProcess console, Path trace, PulseTimeline pulses)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + o.liveTimeoutSeconds() * 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (!console.alive()) {
                throw new IOException("the console exited before it was live; its output is in " + work.resolve("console.log")
                        + ":\n" + tail(work.resolve("console.log"), 20));
            }
            Map<String, StartupTraceFile.Event> events = StartupTraceFile.read(trace);
            if (events.containsKey("pods-synced")) {
                return "pods-synced in the trace";
            }
            long now = console.nowMs();
            if (!events.containsKey("launch") && now > 30_000
                    && pulses.between(now - 10_000, now).stream().allMatch(p -> p.ms() <= 50)
                    && !pulses.between(0, now).isEmpty()) {
                return "no trace: taken as live when no pulse over 50 ms came for 10 s";
            }
            Thread.sleep(200);
        }
        return "not live within " + o.liveTimeoutSeconds() + " s (-DliveTimeout); measured on from there";
    }

    private static String heapAfterGc(ConsoleProcess console, int pods) {
        console.jcmd("GC.run");
        String info = console.jcmd("GC.heap_info");
        Matcher m = HEAP_USED.matcher(info);
        if (!m.find()) {
            return "not read (jcmd GC.heap_info said: " + info.strip().lines().findFirst().orElse("nothing") + ")";
        }
        long kb = Long.parseLong(m.group(1)) * switch (m.group(2)) {
            case "G" -> 1024 * 1024;
            case "M" -> 1024;
            default -> 1;
        };
        return String.format("%,d MB used after a full GC (jcmd GC.run), the whole process's heap: %.2f KB per pod at most",
                kb / 1024, (double) kb / pods);
    }

    private static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(unreadable)";
        }
    }

    /** Everything started, newest first (churn writer, console, Xvfb, control plane), then the scratch directory. */
    private synchronized void stopEverything() {
        while (!started.isEmpty()) {
            try {
                started.pop().close();
            } catch (Exception e) {
                System.out.println("screen-bench: stopping: " + e.getMessage());
            }
        }
        if (Files.exists(work)) {
            try (Stream<Path> all = Files.walk(work)) {
                all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                System.out.println("screen-bench: " + work + " left behind: " + e.getMessage());
            }
        }
    }

    private static double secs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
