package dev.flightdeck.sandbox.metrics;

import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sandbox API server simulates a real kube-apiserver's /metrics, /readyz and /livez, over real HTTP. */
class SandboxMetricsSimulationTest {

    private static final String FIXTURES = "/fixtures/kube-apiserver-1.32/";
    private static final Duration SCRAPE_INTERVAL = Duration.ofSeconds(15);
    private static final String WORKLOAD_LOW = "flow_schema=\"service-accounts\",priority_level=\"workload-low\"";

    private static SandboxCluster sandbox;
    private static HttpClient http;

    @BeforeAll
    static void start() {
        sandbox = SandboxCluster.startQuiet(8);
        http = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @AfterEach
    void calm() {
        sandbox.pressure().stopAll();
        sandbox.pressure().simulateForbiddenMetrics(false);
    }

    @Test
    void simulatedMetricsAreValidTextCoveringTheCapturedSeriesSet() throws Exception {
        HttpResponse<String> answer = get("/metrics");
        assertEquals(200, answer.statusCode());
        assertEquals("text/plain; version=0.0.4; charset=utf-8", answer.headers().firstValue("Content-Type").orElseThrow());
        Exposition served = Exposition.read(answer.body());
        assertEquals(List.of(), served.invalidLines());
        Exposition captured = Exposition.read(fixture("apiserver-metrics.txt"));
        assertEquals(244, captured.types().size());
        assertTrue(served.types().keySet().containsAll(captured.types().keySet()), "every captured family is served");
        List<String> missing = new ArrayList<>(captured.samples().keySet());
        missing.removeAll(served.samples().keySet());
        assertEquals(List.of(), missing, "every captured series is served");
    }

    @Test
    void simulatedCountersGrowAtAFewHundredRequestsPerSecondAndNeverDecrease() throws Exception {
        Exposition before = scrape();
        sandbox.pressure().time().advance(SCRAPE_INTERVAL);
        Exposition after = scrape();
        List<String> decreased = new ArrayList<>();
        for (Map.Entry<String, Double> e : before.samples().entrySet()) {
            String type = before.types().get(before.familyOf(e.getKey()));
            boolean cumulative = type.equals("counter") || e.getKey().matches(".*_(bucket|count)(\\{.*)?");
            if (cumulative && after.get(e.getKey()) < e.getValue()) {
                decreased.add(e.getKey());
            }
        }
        assertEquals(List.of(), decreased);
        double perSecond = requests(after, "") - requests(before, "");
        perSecond /= SCRAPE_INTERVAL.toSeconds();
        assertTrue(perSecond > 250 && perSecond < 400, "requests per second: " + perSecond);
    }

    @Test
    void simulatedHistogramsStayCumulativeWithCountEqualToInfBucket() throws Exception {
        sandbox.pressure().start(Episode.SERVER_ERRORS_5XX);
        sandbox.pressure().start(Episode.APF_429_STORM);
        sandbox.pressure().time().advance(SCRAPE_INTERVAL);
        Exposition served = scrape();
        int groups = 0;
        for (Map.Entry<String, TreeMap<Double, Double>> group : buckets(served).entrySet()) {
            double previous = 0;
            for (double count : group.getValue().values()) {
                assertTrue(count >= previous, "cumulative buckets of " + group.getKey());
                previous = count;
            }
            String[] nameAndLabels = group.getKey().split("\\|", 2);
            String countKey = nameAndLabels[0] + "_count" + (nameAndLabels[1].isEmpty() ? "" : "{" + nameAndLabels[1] + "}");
            assertEquals(served.get(countKey), group.getValue().lastEntry().getValue(), countKey + " equals its +Inf bucket");
            groups++;
        }
        int captured = buckets(Exposition.read(fixture("apiserver-metrics.txt"))).size();
        assertTrue(groups > captured, "histogram groups checked: " + groups + ", captured " + captured);
    }

    @Test
    void simulatedApfStormRejectsAFewPercentOfRequestsOnWorkloadLow() throws Exception {
        sandbox.pressure().start(Episode.APF_429_STORM);
        Exposition before = scrape();
        sandbox.pressure().time().advance(SCRAPE_INTERVAL);
        Exposition after = scrape();
        double rejected = rejected(after) - rejected(before);
        double tooMany = requests(after, "code=\"429\"") - requests(before, "code=\"429\"");
        double share = tooMany / (requests(after, "") - requests(before, ""));
        assertTrue(rejected > 100, "workload-low rejections: " + rejected);
        assertEquals(rejected, tooMany, 2, "every APF rejection is a 429");
        assertTrue(share >= 0.04 && share <= 0.10, "429 share: " + share);
        assertTrue(after.get("apiserver_flowcontrol_current_inqueue_requests{" + WORKLOAD_LOW + "}") > 10);
        assertTrue(waitedOverOneSecond(after) > waitedOverOneSecond(before), "queue waits move into seconds");

        sandbox.pressure().stop(Episode.APF_429_STORM);
        Exposition calm = scrape();
        sandbox.pressure().time().advance(SCRAPE_INTERVAL);
        assertEquals(rejected(calm), rejected(scrape()), "no rejections once the storm is over");
        assertEquals(0, scrape().get("apiserver_flowcontrol_current_inqueue_requests{" + WORKLOAD_LOW + "}"));
    }

    @Test
    void simulatedServerErrorsAreAFewPercentWithSlowerRequests() throws Exception {
        Exposition calm = scrape();
        sandbox.pressure().time().advance(SCRAPE_INTERVAL);
        double calmSlowShare = slowShare(calm, scrape());
        sandbox.pressure().start(Episode.SERVER_ERRORS_5XX);
        Exposition before = scrape();
        sandbox.pressure().time().advance(SCRAPE_INTERVAL);
        Exposition after = scrape();
        double errors = requests(after, "code=\"5") - requests(before, "code=\"5");
        double share = errors / (requests(after, "") - requests(before, ""));
        assertTrue(share >= 0.02 && share <= 0.08, "5xx share: " + share);
        assertTrue(requests(after, "code=\"503\"") > requests(before, "code=\"503\""));
        assertTrue(requests(after, "code=\"504\"") > requests(before, "code=\"504\""));
        // Calm follows the captured histogram (about 1% over 1 s, LISTs included); the burst adds its
        // own 4% of slow requests on top. Compared with each other, not with a bound the capture sits on.
        assertTrue(calmSlowShare < 0.02, "requests over 1 s while calm: " + calmSlowShare);
        double burstSlowShare = slowShare(before, after);
        assertTrue(burstSlowShare > 0.02 && burstSlowShare > calmSlowShare + 0.01,
                "slow share " + burstSlowShare + " vs calm " + calmSlowShare);
    }

    @Test
    void simulatedEventFloodGrowsStoredEventsAndEventCreates() throws Exception {
        String events = "apiserver_storage_objects{resource=\"events\"}";
        Exposition before = scrape();
        sandbox.pressure().start(Episode.EVENT_FLOOD);
        sandbox.pressure().time().advance(SCRAPE_INTERVAL);
        Exposition after = scrape();
        assertTrue(after.get(events) - before.get(events) > 1000, "stored events climb: " + after.get(events));
        String creates = "resource=\"events\"";
        assertTrue(requests(after, creates) - requests(before, creates) > 1000, "event POSTs");
        assertEquals(sandbox.store().count("nodes"), after.get("apiserver_storage_objects{resource=\"nodes\"}"),
                "the sandbox's own nodes");
    }

    @Test
    void simulatedReadyzFailureAnswers500InTheRealFormat() throws Exception {
        sandbox.pressure().start(Episode.READYZ_FAILING);
        for (String path : List.of("/readyz", "/readyz?verbose")) {
            HttpResponse<String> failing = get(path);
            assertEquals(500, failing.statusCode(), path);
            assertTrue(failing.body().contains("\n[-]etcd failed: reason withheld\n"), failing.body());
            assertTrue(failing.body().startsWith("[+]ping ok\n[+]log ok\n[-]etcd failed"), failing.body());
            assertTrue(failing.body().endsWith("[+]shutdown ok\nreadyz check failed\n"), failing.body());
        }
        assertEquals("ok", get("/livez").body(), "liveness is not readiness");
        sandbox.pressure().failReadyzCheck("informer-sync");
        assertTrue(get("/readyz").body().contains("\n[-]informer-sync failed: reason withheld\n"));

        sandbox.pressure().stop(Episode.READYZ_FAILING);
        HttpResponse<String> ready = get("/readyz");
        assertEquals(200, ready.statusCode());
        assertEquals("ok", ready.body());
        assertEquals(fixture("readyz-verbose.txt"), get("/readyz?verbose").body());
        assertEquals(fixture("livez-verbose.txt"), get("/livez?verbose").body());
    }

    @Test
    void simulatedForbiddenMetricsAnswersTheRealStatus() throws Exception {
        sandbox.pressure().simulateForbiddenMetrics(true);
        HttpResponse<byte[]> forbidden = http.send(request("/metrics"), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(403, forbidden.statusCode());
        assertEquals("application/json", forbidden.headers().firstValue("Content-Type").orElseThrow());
        assertArrayEquals(fixture("metrics-anonymous.json").getBytes(StandardCharsets.UTF_8), forbidden.body());
        sandbox.pressure().simulateForbiddenMetrics(false);
        assertEquals(200, get("/metrics").statusCode());
    }

    @Test
    void simulatedTruncatedMetricsHappensOnce() throws Exception {
        sandbox.pressure().simulateTruncatedMetricsOnce();
        Exposition cut = Exposition.read(get("/metrics").body());
        assertFalse(cut.invalidLines().isEmpty(), "a scraper must see the cut");
        assertEquals(List.of(), scrape().invalidLines(), "the next answer is whole");
    }

    private static double requests(Exposition e, String labelText) {
        return e.sum(k -> k.startsWith("apiserver_request_total{") && k.contains(labelText));
    }

    private static double rejected(Exposition e) {
        return e.sum(k -> k.startsWith("apiserver_flowcontrol_rejected_requests_total{" + WORKLOAD_LOW));
    }

    private static double waitedOverOneSecond(Exposition e) {
        String prefix = "apiserver_flowcontrol_request_wait_duration_seconds_";
        String labels = "{execute=\"true\"," + WORKLOAD_LOW;
        return e.sum(k -> k.equals(prefix + "count" + labels + "}")) - e.sum(k -> k.equals(prefix + "bucket" + labels + ",le=\"1\"}"));
    }

    /** Of the requests observed between two scrapes, the share that took over 1 s. */
    private static double slowShare(Exposition before, Exposition after) {
        String family = "apiserver_request_duration_seconds_";
        double all = after.sum(k -> k.startsWith(family + "count")) - before.sum(k -> k.startsWith(family + "count"));
        double fast = after.sum(k -> k.startsWith(family + "bucket") && k.endsWith(",le=\"1\"}"))
                - before.sum(k -> k.startsWith(family + "bucket") && k.endsWith(",le=\"1\"}"));
        return (all - fast) / all;
    }

    /** Histogram buckets by "family|labels without le", each ordered by bound. */
    private static Map<String, TreeMap<Double, Double>> buckets(Exposition e) {
        Map<String, TreeMap<Double, Double>> out = new TreeMap<>();
        e.samples().forEach((key, value) -> {
            int le = key.lastIndexOf("le=\"");
            if (key.contains("_bucket{") && le > 0 && e.types().get(e.familyOf(key)).equals("histogram")) {
                String name = key.substring(0, key.indexOf("_bucket{"));
                String labels = key.substring(key.indexOf('{') + 1, Math.max(key.indexOf('{') + 1, le - 1));
                String bound = key.substring(le + 4, key.length() - 2);
                out.computeIfAbsent(name + "|" + labels, k -> new TreeMap<>())
                        .put(bound.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(bound), value);
            }
        });
        return out;
    }

    private static Exposition scrape() throws Exception {
        HttpResponse<String> answer = get("/metrics");
        assertEquals(200, answer.statusCode());
        return Exposition.read(answer.body());
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return http.send(request(path), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest request(String path) {
        return HttpRequest.newBuilder(URI.create(sandbox.url() + path)).timeout(Duration.ofSeconds(10)).build();
    }

    private static String fixture(String name) throws IOException {
        try (InputStream in = SandboxMetricsSimulationTest.class.getResourceAsStream(FIXTURES + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
