package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.telemetry.TelemetryUnavailable;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A refresh's queries a few at a time: never more than the limit out at once, the answers folded in the order the
 * queries were listed whichever came back first, a refused query a problem, a failed one the end of the read.
 */
class QueriesInFlightTest {

    private static final String EMPTY = "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}";
    private static final String TIMED_OUT = "{\"status\":\"error\",\"errorType\":\"timeout\",\"error\":\"query timed out\"}";

    /** The body answered to a query, or no answer at all. */
    @FunctionalInterface
    private interface Answering {
        String answer(String query) throws IOException;
    }

    /** A Prometheus whose answer to each query is the test's; it counts how many requests are out at once. */
    private static final class CountingTransport implements PrometheusTransport {
        final AtomicInteger out = new AtomicInteger();
        final AtomicInteger peak = new AtomicInteger();
        final List<String> asked = Collections.synchronizedList(new ArrayList<>());
        private final Answering answer;

        CountingTransport(Answering answer) {
            this.answer = answer;
        }

        @Override
        public Answer get(String path, Map<String, String> params) throws IOException {
            String q = params.get("query");
            asked.add(q);
            peak.accumulateAndGet(out.incrementAndGet(), Math::max);
            try {
                return new Answer(200, answer.answer(q).getBytes(StandardCharsets.UTF_8));
            } finally {
                out.decrementAndGet();
            }
        }

        @Override
        public Answer postForm(String path, Map<String, String> params) throws IOException {
            return get(path, params);
        }

        @Override
        public String describe() {
            return "a stand-in Prometheus";
        }
    }

    private static List<QueriesInFlight.Query> queries(int n, List<String> folded) {
        List<QueriesInFlight.Query> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String name = "q" + i;
            out.add(new QueriesInFlight.Query(name, name, samples -> folded.add(name)));
        }
        return out;
    }

    private static void await(CountDownLatch latch, String what) {
        try {
            if (!latch.await(20, TimeUnit.SECONDS)) {
                throw new IllegalStateException("never happened: " + what);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted waiting for " + what);
        }
    }

    @Test
    void fourAreOutAtOnceAndTheAnswersAreFoldedInTheListedOrder() throws Exception {
        CountDownLatch firstFourOut = new CountDownLatch(4);
        CountDownLatch othersAnswered = new CountDownLatch(3);
        CountingTransport prometheus = new CountingTransport(q -> {
            int i = Integer.parseInt(q.substring(1));
            if (i < 4) {
                // The first four wait for one another: one after another they would never all be out.
                firstFourOut.countDown();
                await(firstFourOut, "four queries out at once");
                if (i == 0) {
                    await(othersAnswered, "q1-q3 answered before q0"); // the head answers last
                } else {
                    othersAnswered.countDown();
                }
            }
            return EMPTY;
        });
        List<String> folded = Collections.synchronizedList(new ArrayList<>());
        QueriesInFlight sender = new QueriesInFlight(new PrometheusClient(prometheus, Duration.ofSeconds(30)), 4,
                prometheus.describe());
        List<String> problems = new ArrayList<>();

        assertEquals(0, sender.sendAll(queries(19, folded), null, problems));
        assertEquals(4, prometheus.peak.get(), "four out at once, never more");
        assertEquals(19, prometheus.asked.size());
        assertEquals(queries(19, new ArrayList<>()).stream().map(QueriesInFlight.Query::what).toList(), folded,
                "folded as listed although q0 came back last");
        assertEquals(List.of(), problems);
    }

    @Test
    void aRefusedQueryIsAProblemAndTheOthersAreStillFolded() throws Exception {
        CountingTransport prometheus = new CountingTransport(q -> q.equals("q5") ? TIMED_OUT : EMPTY);
        List<String> folded = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int refused = new QueriesInFlight(new PrometheusClient(prometheus, Duration.ofSeconds(30)), 4, prometheus.describe())
                .sendAll(queries(19, folded), null, problems);
        assertEquals(1, refused);
        assertEquals(List.of("q5: timeout: query timed out"), problems);
        assertEquals(18, folded.size());
        assertTrue(prometheus.peak.get() <= 4, "peak " + prometheus.peak.get());
    }

    @Test
    void aQueryWithoutAnAnswerEndsTheReadInOneLineAndTheRestAreAbandoned() {
        CountDownLatch stuckAsked = new CountDownLatch(1);
        CountDownLatch stuckInterrupted = new CountDownLatch(1);
        PrometheusTransport prometheus = new CountingTransport(q -> {
            if (q.equals("q1")) {
                stuckAsked.countDown();
                try {
                    Thread.sleep(Duration.ofMinutes(5)); // a query that would take the client's whole deadline
                } catch (InterruptedException e) {
                    stuckInterrupted.countDown();
                }
                throw new IOException("interrupted");
            }
            if (q.equals("q0")) {
                await(stuckAsked, "q1 out");
                throw new IOException("connection refused: is it up, and is the URL's port right?");
            }
            return EMPTY;
        });
        List<String> folded = new ArrayList<>();
        TelemetryUnavailable e = assertThrows(TelemetryUnavailable.class, () -> new QueriesInFlight(
                new PrometheusClient(prometheus, Duration.ofSeconds(30)), 4, "Prometheus at http://prom.lab (settings)")
                .sendAll(queries(19, folded), null, new ArrayList<>()));
        assertEquals("Prometheus at http://prom.lab (settings): connection refused: is it up, and is the URL's port right?",
                e.getMessage());
        assertEquals(List.of(), folded);
        await(stuckInterrupted, "the query still out abandoned (its thread interrupted), not waited for");
    }
}
