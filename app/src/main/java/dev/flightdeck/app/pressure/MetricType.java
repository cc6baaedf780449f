package dev.flightdeck.app.pressure;

/** The types a {@code # TYPE} line may declare in the Prometheus text format (0.0.4). */
public enum MetricType {
    COUNTER, GAUGE, HISTOGRAM, SUMMARY, UNTYPED;

    /** The type named in a {@code # TYPE} line, or null when the word is not one of the five. */
    static MetricType ofWord(String word) {
        return switch (word) {
            case "counter" -> COUNTER;
            case "gauge" -> GAUGE;
            case "histogram" -> HISTOGRAM;
            case "summary" -> SUMMARY;
            case "untyped" -> UNTYPED;
            default -> null;
        };
    }

    /** Whether a sample named {@code family + suffix} belongs to a family of this type. */
    boolean ownsSuffix(String suffix) {
        return switch (this) {
            case HISTOGRAM -> suffix.equals("_bucket") || suffix.equals("_sum") || suffix.equals("_count");
            case SUMMARY -> suffix.equals("_sum") || suffix.equals("_count");
            default -> false;
        };
    }
}
