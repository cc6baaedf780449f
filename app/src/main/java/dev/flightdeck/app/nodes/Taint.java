package dev.flightdeck.app.nodes;

/** A node taint; {@code value} may be empty. */
public record Taint(String key, String value, String effect) {

    /** kubectl's rendering: {@code key=value:Effect}, or {@code key:Effect} without a value. */
    @Override
    public String toString() {
        return (value == null || value.isEmpty() ? key : key + "=" + value) + ":" + effect;
    }
}
