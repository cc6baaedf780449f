package dev.flightdeck.sandbox;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** How many requests of each verb the sandbox server has seen, e.g. "LIST pods", "WATCH nodes". */
public final class RequestCounters {

    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    void count(String verb, String resource) {
        counts.computeIfAbsent(verb + " " + resource, k -> new LongAdder()).increment();
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
}
