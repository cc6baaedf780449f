package dev.flightdeck.app.pressure;

/**
 * One line of an exposition: {@code name{labels} value [timestamp]}. The name is the sample's
 * own ({@code x_bucket}, {@code x_sum}), not its family's.
 *
 * @param timestampMillis the optional timestamp, or {@link #NO_TIMESTAMP} (kube-apiserver writes none)
 */
public record Sample(String name, Labels labels, double value, long timestampMillis) {

    public static final long NO_TIMESTAMP = Long.MIN_VALUE;

    public boolean hasTimestamp() {
        return timestampMillis != NO_TIMESTAMP;
    }
}
