package dev.flightdeck.app.pressure;

import java.util.List;

/**
 * The samples of one metric, under the name its {@code # TYPE} line gives (for counters that
 * name ends in {@code _total}; a histogram's samples are its {@code _bucket}, {@code _sum} and
 * {@code _count} lines). A metric without a TYPE line is {@link MetricType#UNTYPED}.
 *
 * @param help the {@code # HELP} text, unescaped, or "" when there was none
 */
public record MetricFamily(String name, MetricType type, String help, List<Sample> samples) {

    public MetricFamily {
        samples = List.copyOf(samples);
    }
}
