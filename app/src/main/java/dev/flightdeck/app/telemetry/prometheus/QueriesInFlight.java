package dev.flightdeck.app.telemetry.prometheus;

import dev.flightdeck.app.telemetry.TelemetryUnavailable;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Sends one refresh's queries a few at a time and folds each answer, in the order the queries are listed, on the
 * caller's thread. At a 7,500-node fleet each query takes 1.4–2.4 s on the server, so 19 of them one after another
 * made an 18–21 s refresh; a few at once overlap the server's work with the wire and the parsing.
 *
 * <p>A query counts against the limit until its answer has been folded, not just until it arrived: so at most
 * {@code limit} answers (16 MB of JSON each at that size, and their samples) are ever held, and the join sees the
 * answers in the listed order (the current values before the window's, as {@link GpuJoin} expects), whichever the
 * server finished first. Each query keeps the client's own deadline and byte cap.
 */
final class QueriesInFlight {

    /** One query of the refresh: its name in a problem line, its PromQL, and what is done with its vector. */
    record Query(String what, String promql, Consumer<List<PromSample>> fold) {
    }

    /** A query's outcome: its vector, Prometheus's refusal, or no usable answer. */
    private record Outcome(List<PromSample> samples, PrometheusQueryError refused, IOException failed) {
    }

    private final PrometheusClient client;
    private final int limit;
    private final String source;

    /** @param source the source in words, for the line when it does not answer */
    QueriesInFlight(PrometheusClient client, int limit, String source) {
        if (limit < 1) {
            throw new IllegalArgumentException("at least one query in flight, not " + limit);
        }
        this.client = client;
        this.limit = limit;
        this.source = source;
    }

    /**
     * Sends every query (evaluated at {@code at}; null: the server's now) and folds each vector in order. A query
     * Prometheus refuses is added to {@code problems} (named by {@link Query#what()}) and the others still read.
     *
     * @return how many queries Prometheus refused
     * @throws TelemetryUnavailable a query got no usable answer (the rest are abandoned), in one line
     */
    int sendAll(List<Query> queries, Instant at, List<String> problems) throws TelemetryUnavailable {
        ExecutorService threads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("prometheus-query-", 0).factory());
        Deque<CompletableFuture<Outcome>> pending = new ArrayDeque<>();
        int refused = 0;
        try {
            int next = 0;
            for (Query q : queries) {
                if (pending.size() == limit) {
                    refused += fold(queries.get(next++), pending.removeFirst(), problems);
                }
                pending.addLast(CompletableFuture.supplyAsync(() -> ask(q, at), threads));
            }
            while (!pending.isEmpty()) {
                refused += fold(queries.get(next++), pending.removeFirst(), problems);
            }
            return refused;
        } finally {
            pending.forEach(f -> f.cancel(true));
            threads.shutdownNow(); // a query still out when another failed is abandoned, not waited for
        }
    }

    private Outcome ask(Query q, Instant at) {
        try {
            return new Outcome(client.query(q.promql(), at), null, null);
        } catch (PrometheusQueryError e) {
            return new Outcome(null, e, null);
        } catch (IOException e) {
            return new Outcome(null, null, e);
        }
    }

    /** @return 1 when Prometheus refused the query, else 0 */
    private int fold(Query q, CompletableFuture<Outcome> answer, List<String> problems) throws TelemetryUnavailable {
        Outcome o;
        try {
            o = answer.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TelemetryUnavailable(source + ": interrupted", e);
        } catch (ExecutionException e) {
            throw new TelemetryUnavailable(source + ": reading " + q.what() + " failed (" + e.getCause() + ")", e);
        }
        if (o.failed() != null) {
            throw new TelemetryUnavailable(source + ": " + PrometheusQueryError.oneLine(o.failed().getMessage()), o.failed());
        }
        if (o.refused() != null) {
            problems.add(q.what() + ": " + o.refused().getMessage());
            return 1;
        }
        q.fold().accept(o.samples());
        return 0;
    }
}
