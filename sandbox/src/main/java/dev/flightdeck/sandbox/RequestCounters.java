package dev.flightdeck.sandbox;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** How many requests of each verb the sandbox server has seen, e.g. "LIST pods", "WATCH nodes". */
public final class RequestCounters {

    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> bytes = new ConcurrentHashMap<>();

    void count(String verb, String resource) {
        counts.computeIfAbsent(verb + " " + resource, k -> new LongAdder()).increment();
    }

    /** Bytes of LIST pages and watch events sent for {@code resource} ("events", "events.k8s.io/events" …). */
    void sent(String resource, long n) {
        bytes.computeIfAbsent(resource, k -> new LongAdder()).add(n);
    }

    /** Bytes of LIST answers and watch events the server has sent for {@code resource} so far. */
    public long bytesSent(String resource) {
        LongAdder a = bytes.get(resource);
        return a == null ? 0 : a.sum();
    }

    public long get(String verb, String resource) {
        LongAdder a = counts.get(verb + " " + resource);
        return a == null ? 0 : a.sum();
    }

    /** Sum over all resources for one verb (LIST, WATCH, GET, CREATE, UPDATE, PATCH, DELETE). */
    public long total(String verb) {
        long sum = 0;
        for (Map.Entry<String, LongAdder> e : counts.entrySet()) {
            if (e.getKey().startsWith(verb + " ")) {
                sum += e.getValue().sum();
            }
        }
        return sum;
    }

    public Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /** {@code sink}, counting the bytes of every watch event it sends under {@code resource}. */
    static WatchSink counting(WatchSink sink, RequestCounters counters, String resource) {
        return new WatchSink() {
            @Override
            public java.util.function.Predicate<StoredObject> filter() {
                return sink.filter();
            }

            @Override
            public void send(byte[] eventLine) {
                counters.sent(resource, eventLine.length);
                sink.send(eventLine);
            }

            @Override
            public boolean isClosed() {
                return sink.isClosed();
            }

            @Override
            public void close() {
                sink.close();
            }
        };
    }
}
