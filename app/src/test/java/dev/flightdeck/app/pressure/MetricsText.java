package dev.flightdeck.app.pressure;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes small /metrics bodies for tests, family by family as a server does, and parses them as the tracker would. */
final class MetricsText {

    private final Map<String, String> typeOf = new LinkedHashMap<>();
    private final Map<String, List<String>> linesOf = new LinkedHashMap<>();

    static MetricsText startedAt(double processStartSeconds) {
        return new MetricsText().gauge(ApiServerMetrics.PROCESS_START, processStartSeconds);
    }

    MetricsText counter(String family, double value, String... labels) {
        return sample("counter", family, family, value, Labels.of(labels));
    }

    MetricsText gauge(String family, double value, String... labels) {
        return sample("gauge", family, family, value, Labels.of(labels));
    }

    /** Cumulative counts for the given upper bounds; the last count is also the +Inf bucket. */
    MetricsText histogram(String family, double[] upperBounds, double[] cumulative, String... labels) {
        for (int i = 0; i < upperBounds.length; i++) {
            sample("histogram", family, family + "_bucket", cumulative[i], with(labels, "le", ExpositionText.formatValue(upperBounds[i])));
        }
        double count = cumulative[cumulative.length - 1];
        sample("histogram", family, family + "_bucket", count, with(labels, "le", "+Inf"));
        sample("histogram", family, family + "_sum", 0, Labels.of(labels));
        return sample("histogram", family, family + "_count", count, Labels.of(labels));
    }

    String text() {
        StringBuilder text = new StringBuilder();
        linesOf.forEach((family, lines) -> {
            text.append("# TYPE ").append(family).append(' ').append(typeOf.get(family)).append('\n');
            lines.forEach(text::append);
        });
        return text.toString();
    }

    Exposition parse() {
        try {
            return ExpositionParser.parse(text().getBytes(StandardCharsets.UTF_8), ApiServerMetrics.FILTER);
        } catch (MalformedResponseException e) {
            throw new AssertionError(e.getMessage() + " in\n" + text(), e);
        }
    }

    private MetricsText sample(String type, String family, String name, double value, Labels labels) {
        typeOf.put(family, type);
        linesOf.computeIfAbsent(family, f -> new ArrayList<>()).add(ExpositionText.sampleLine(name, labels, value));
        return this;
    }

    private static Labels with(String[] labels, String name, String value) {
        String[] more = java.util.Arrays.copyOf(labels, labels.length + 2);
        more[labels.length] = name;
        more[labels.length + 1] = value;
        return Labels.of(more);
    }
}
