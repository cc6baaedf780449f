package dev.flightdeck.sandbox.metrics;

import java.util.ArrayList;
import java.util.List;

/**
 * Simulated, not measured: the server fails a few percent of API requests (say etcd
 * is slow and the server overloaded). Every successful resource request series
 * gains 500, 503 and 504 siblings at 2.5%, 1.5% and 1% of its rate, 5% in all,
 * about 4% of all requests (probes and discovery do not fail); clients retry, so
 * successes keep their pace. 4% of requests take 2 to 8 s, which
 * lifts the p99 of {@code apiserver_request_duration_seconds} into the seconds.
 */
final class ServerErrorBurst extends SwitchedEffect {

    private static final String[] CODES = {"500", "503", "504"};
    private static final double[] SHARES = {0.025, 0.015, 0.01};
    private static final double SLOW_SHARE = 0.04;
    private static final double SLOW_FROM = 2;
    private static final double SLOW_TO = 8;

    /** A successful request series and its error siblings, in {@link #CODES} order. */
    private record Failing(Series success, Series[] errors) {
    }

    private final MetricsTable table;
    private final List<Failing> failing = new ArrayList<>();
    private final List<HistogramLines> durations = new ArrayList<>();

    ServerErrorBurst(MetricsTable table) {
        this.table = table;
    }

    @Override
    void begin(double t) {
        if (failing.isEmpty()) {
            MetricsTable.Family requests = table.family(BaselineRates.REQUESTS);
            List<Series> successes = new ArrayList<>();
            for (Series s : requests.series) {
                String resource = Labels.value(s.labels, "resource");
                if (BaselineRates.isSuccess(s) && s.baseRate > 0 && resource != null && !resource.isEmpty()) {
                    successes.add(s);
                }
            }
            for (Series s : successes) {
                Series[] errors = new Series[CODES.length];
                for (int i = 0; i < CODES.length; i++) {
                    errors[i] = table.ensure(requests, new Series(s.name, Labels.with(s.labels, "code", CODES[i]),
                            Series.Kind.COUNTER, 0, null, true));
                }
                failing.add(new Failing(s, errors));
            }
            for (HistogramLines h : table.histograms(table.family("apiserver_request_duration_seconds")).values()) {
                if (h.count.baseRate > 0 && !"WATCH".equals(Labels.value(h.count.labels, "verb"))) {
                    durations.add(h);
                }
            }
        }
    }

    @Override
    public void addRates() {
        for (Failing f : failing) {
            for (int i = 0; i < CODES.length; i++) {
                f.errors[i].rate += f.success.baseRate * SHARES[i];
            }
        }
        for (HistogramLines h : durations) {
            h.observe(h.count.baseRate * SLOW_SHARE,
                    le -> Math.clamp((le - SLOW_FROM) / (SLOW_TO - SLOW_FROM), 0, 1), (SLOW_FROM + SLOW_TO) / 2);
        }
    }
}
