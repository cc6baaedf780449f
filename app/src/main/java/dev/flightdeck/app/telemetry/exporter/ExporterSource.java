package dev.flightdeck.app.telemetry.exporter;

import dev.flightdeck.app.connect.ClusterConnection;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.telemetry.GpuLabelMapping;
import dev.flightdeck.app.telemetry.PodLocator;
import dev.flightdeck.app.telemetry.TelemetryFrame;
import dev.flightdeck.app.telemetry.TelemetrySource;
import dev.flightdeck.app.telemetry.TelemetryUnavailable;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * GPU telemetry for a cluster with no Prometheus: the dcgm-exporter pods themselves, found with one label-selected
 * LIST ({@link ExporterPods}) and each scraped through the API server's pod proxy ({@link ExporterScraper}), at most
 * {@code maxInFlight} at once (8 by default, like the console's log reads) and every request through the cluster's
 * request budget, like all the console's requests. It asks one request per GPU node, where a Prometheus answers a
 * whole fleet in one query: at the default budget of 20 requests a second a read of N nodes takes at least N / 20
 * seconds. One scrape has no history: each GPU's window maximum is NaN and no Xid change is told (the caller compares
 * frames). An exporter that does not answer is a problem of the frame, not a failure of the read. The cap holds for
 * every read of one source: make one per cluster.
 */
public final class ExporterSource implements TelemetrySource {

    /** Scrapes open at once per source, unless the caller says otherwise. */
    public static final int DEFAULT_IN_FLIGHT = 8;

    private final KubeRest rest;
    private final PodLocator pods;
    private final GpuLabelMapping.NodeNames nodes;
    private final Semaphore turns;
    private final int maxInFlight;
    private final Clock clock;
    private volatile String described = "dcgm-exporter pods (" + String.join(" or ", ExporterPods.SELECTORS)
            + "), scraped through the API server's pod proxy";
    private volatile ExporterReadFigures last;

    /**
     * @param pods  where the cluster's pods run, as the live model knows it (the workload pods the exporters name)
     * @param nodes the cluster's nodes (to accept a {@code Hostname} label)
     */
    public ExporterSource(KubeRest rest, PodLocator pods, GpuLabelMapping.NodeNames nodes, int maxInFlight, Clock clock) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("at least one scrape must be allowed at once");
        }
        this.rest = rest;
        this.pods = pods;
        this.nodes = nodes;
        this.maxInFlight = maxInFlight;
        this.turns = new Semaphore(maxInFlight, true);
        this.clock = clock;
    }

    /** More exporters than this are not scraped one by one: a Prometheus is the way at that size. */
    public static final int MAX_EXPORTERS = 1_000;
    /** The average cost a refresh may put on the API server: one scrape per this long (5 a second). */
    static final Duration PER_SCRAPE = Duration.ofMillis(200);

    /**
     * The cluster's exporters as a source, when it has some and not too many to scrape one by one.
     *
     * @throws TelemetryUnavailable none found (which labels were looked for), or more than {@link #MAX_EXPORTERS}
     */
    public static ExporterSource findIn(ClusterConnection connection, PodLocator pods, GpuLabelMapping.NodeNames nodes)
            throws TelemetryUnavailable {
        KubeRest rest = new KubeRest(connection.api());
        ExporterPods.Found found = ExporterPods.find(rest);
        if (found.pods().size() > MAX_EXPORTERS) {
            throw new TelemetryUnavailable(found.pods().size() + " dcgm-exporter pods found, too many to scrape one by one "
                    + "through the API server every refresh; set prometheus.url in the cluster's settings");
        }
        ExporterSource s = new ExporterSource(rest, pods, nodes, DEFAULT_IN_FLIGHT, Clock.systemUTC());
        s.exporters = found.pods().size();
        return s;
    }

    private volatile int exporters;

    /** A scrape per exporter: at 5 scrapes a second on average at most, so 64 nodes every 30 s, 1,000 every 200 s. */
    @Override
    public Duration interval(Duration standard) {
        Duration paced = PER_SCRAPE.multipliedBy(Math.max(exporters, last == null ? 0 : last.exporters()));
        return paced.compareTo(standard) > 0 ? paced : standard;
    }

    /** The exporters of {@code connection}'s cluster, through its connection and so its request budget. */
    public static ExporterSource of(ClusterConnection connection, PodLocator pods, GpuLabelMapping.NodeNames nodes) {
        return new ExporterSource(new KubeRest(connection.api()), pods, nodes, DEFAULT_IN_FLIGHT, Clock.systemUTC());
    }

    @Override
    public String describe() {
        return described;
    }

    /** What the last read cost, or null before the first. */
    public ExporterReadFigures lastRead() {
        return last;
    }

    @Override
    public TelemetryFrame read(Duration window) throws TelemetryUnavailable {
        long start = System.nanoTime();
        ExporterPods.Found found = ExporterPods.find(rest);
        described = "dcgm-exporter pods in " + found.namespaces() + " (" + found.selector()
                + "), scraped through the API server's pod proxy";
        List<PodObject> running = found.running();
        // The exporters' own nodes come from the LIST just made: the live model need not keep node daemons' pods.
        Map<String, String> exporterNodes = new HashMap<>();
        running.forEach(p -> exporterNodes.put(p.namespace() + "/" + p.name(), p.spec().nodeName()));
        PodLocator locator = (ns, pod) -> {
            String node = exporterNodes.get(ns + "/" + pod);
            return node != null ? node : pods.nodeOf(ns, pod);
        };
        ScrapedGpus gpus = new ScrapedGpus(new GpuLabelMapping(locator, nodes));
        List<ExporterScraper.Scrape> failed = Collections.synchronizedList(new ArrayList<>());
        Tally tally = scrapeAll(running, gpus, failed);
        int answered = running.size() - failed.size();
        last = new ExporterReadFigures(found.pods().size(), running.size(), answered, found.requests() + running.size(),
                tally.bytes.get(), tally.peak.get(), Duration.ofNanos(System.nanoTime() - start));
        if (answered == 0) {
            throw new TelemetryUnavailable(running.isEmpty()
                    ? "none of the " + found.pods().size() + " dcgm-exporter pods (" + found.selector() + ") is running"
                    : "none of the " + running.size() + " dcgm-exporter pods answered through the API server's pod proxy: "
                    + failed.getFirst().failure());
        }
        failed.sort(java.util.Comparator.comparing(s -> s.exporter().name()));
        return new TelemetryFrame(clock.instant(), described, window, gpus.gpus(),
                ExporterProblems.lines(found.notRunning(), failed, running.size()), gpus.unplaced());
    }

    private static final class Tally {
        final AtomicLong bytes = new AtomicLong();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger peak = new AtomicInteger();
    }

    /** Scrapes every exporter with at most {@code maxInFlight} open at once, waiting for the last. */
    private Tally scrapeAll(List<PodObject> exporters, ScrapedGpus gpus, List<ExporterScraper.Scrape> failed)
            throws TelemetryUnavailable {
        Tally tally = new Tally();
        Queue<PodObject> queue = new ConcurrentLinkedQueue<>(exporters);
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < Math.min(maxInFlight, exporters.size()); i++) {
            workers.add(Thread.ofVirtual().name("exporter-scrape-" + i).start(() -> {
                PodObject next;
                while ((next = queue.poll()) != null && !Thread.currentThread().isInterrupted()) {
                    ExporterScraper.Scrape s = scrapeInTurn(next, tally);
                    if (s == null) {
                        return; // interrupted while waiting for a turn
                    }
                    tally.bytes.addAndGet(s.bytes());
                    if (s.answered()) {
                        gpus.add(s.exposition(), next.namespace() + "/" + next.name());
                    } else {
                        failed.add(s);
                    }
                }
            }));
        }
        try {
            for (Thread w : workers) {
                w.join();
            }
        } catch (InterruptedException e) {
            workers.forEach(Thread::interrupt);
            Thread.currentThread().interrupt();
            throw new TelemetryUnavailable("the read of the dcgm-exporters was stopped");
        }
        return tally;
    }

    /** One scrape in its turn (the turns are shared by every read of this source); null when interrupted. */
    private ExporterScraper.Scrape scrapeInTurn(PodObject exporter, Tally tally) {
        try {
            turns.acquire();
        } catch (InterruptedException e) {
            return null;
        }
        try {
            tally.peak.accumulateAndGet(tally.inFlight.incrementAndGet(), Math::max);
            return ExporterScraper.scrape(rest, exporter);
        } finally {
            tally.inFlight.decrementAndGet();
            turns.release();
        }
    }
}
