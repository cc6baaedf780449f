package dev.flightdeck.sandbox.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The simulated exposition: families in name order, each with its series in label
 * order, as the Go client writes them. Starts as the captured series set; episodes
 * add series (and, for families a healthy server has no child of, whole families),
 * which then stay, as children of a Prometheus vector do.
 */
final class MetricsTable {

    /** One family's header lines and series. */
    static final class Family {
        final String name;
        final String type;
        final String header;
        final List<Series> series = new ArrayList<>();

        Family(String name, String type, String helpLine, String typeLine) {
            this.name = name;
            this.type = type;
            this.header = helpLine + "\n" + typeLine + "\n";
        }
    }

    private final TreeMap<String, Family> families = new TreeMap<>();
    private final Map<String, Series> byKey = new HashMap<>();

    MetricsTable(List<MetricsTemplate.Family> template) {
        for (MetricsTemplate.Family f : template) {
            Family family = new Family(f.name(), f.type(), f.helpLine(), f.typeLine());
            families.put(f.name(), family);
            for (MetricsTemplate.Sample s : f.samples()) {
                Series.Kind kind = kind(f, s);
                boolean whole = kind == Series.Kind.BUCKET || kind == Series.Kind.COUNT
                        || (kind == Series.Kind.COUNTER && !s.name().contains("seconds"));
                Series series = new Series(s.name(), s.labels(), kind, GoFloat.parse(s.value()), s.value(), whole);
                family.series.add(series);
                byKey.put(key(s.name(), s.labels()), series);
            }
        }
    }

    Iterable<Family> families() {
        return families.values();
    }

    Family family(String name) {
        return families.get(name);
    }

    Series find(String name, String labels) {
        return byKey.get(key(name, labels));
    }

    /** The value of an unlabelled captured sample, e.g. {@code go_sched_gomaxprocs_threads}. */
    double captured(String name) {
        Series s = find(name, "");
        if (s == null) {
            throw new IllegalStateException("the capture has no " + name);
        }
        return GoFloat.parse(s.capturedText);
    }

    /** Adds a family the capture does not have (its HELP and TYPE lines as a real server writes them). */
    Family ensureFamily(String name, String type, String help) {
        return families.computeIfAbsent(name,
                n -> new Family(n, type, "# HELP " + n + " " + help, "# TYPE " + n + " " + type));
    }

    /**
     * The series with these labels, added (at zero) in label order if new. For a
     * histogram pass every line of one observation group at once, so they stay together.
     */
    List<Series> ensure(Family family, List<Series> group) {
        Series first = find(group.getFirst().name, group.getFirst().labels);
        if (first != null) {
            List<Series> existing = new ArrayList<>();
            for (Series s : group) {
                existing.add(find(s.name, s.labels));
            }
            return existing;
        }
        int at = 0;
        while (at < family.series.size() && family.series.get(at).group.compareTo(group.getFirst().group) <= 0) {
            at++;
        }
        family.series.addAll(at, group);
        for (Series s : group) {
            byKey.put(key(s.name, s.labels), s);
        }
        return group;
    }

    Series ensure(Family family, Series one) {
        return ensure(family, List.of(one)).getFirst();
    }

    /** Histogram lines of a family grouped by their labels without {@code le}. */
    Map<String, HistogramLines> histograms(Family family) {
        Map<String, HistogramLines> out = new LinkedHashMap<>();
        for (Series s : family.series) {
            HistogramLines h = out.computeIfAbsent(s.group, g -> new HistogramLines());
            switch (s.kind) {
                case BUCKET -> h.buckets.add(s);
                case SUM -> h.sum = s;
                case COUNT -> h.count = s;
                default -> throw new IllegalStateException(family.name + " is not a histogram");
            }
        }
        return out;
    }

    void resetRates() {
        for (Family f : families.values()) {
            for (Series s : f.series) {
                s.rate = s.baseRate;
            }
        }
    }

    void advance(double seconds) {
        for (Family f : families.values()) {
            for (Series s : f.series) {
                s.advance(seconds);
            }
        }
    }

    void render(StringBuilder out, double seconds) {
        for (Family f : families.values()) {
            boolean headed = false;
            for (Series s : f.series) {
                if (s.shown()) {
                    if (!headed) {
                        out.append(f.header);
                        headed = true;
                    }
                    out.append(s.prefix).append(s.valueText(seconds)).append('\n');
                }
            }
        }
    }

    private static Series.Kind kind(MetricsTemplate.Family f, MetricsTemplate.Sample s) {
        return switch (f.type()) {
            case "counter" -> Series.Kind.COUNTER;
            case "histogram", "summary" -> s.name().endsWith("_bucket") ? Series.Kind.BUCKET
                    : s.name().equals(f.name() + "_sum") ? Series.Kind.SUM
                    : s.name().equals(f.name() + "_count") ? Series.Kind.COUNT : Series.Kind.QUANTILE;
            default -> Series.Kind.GAUGE;
        };
    }

    private static String key(String name, String labels) {
        return name + "{" + labels + "}";
    }
}
