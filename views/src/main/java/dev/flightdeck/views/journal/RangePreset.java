package dev.flightdeck.views.journal;

import java.time.Duration;

/** The time ranges the journal screen offers; the first three end now, {@link #CUSTOM} is a fixed from/to. */
public enum RangePreset {
    LAST_HOUR("Last hour", Duration.ofHours(1)),
    LAST_24_HOURS("Last 24 h", Duration.ofHours(24)),
    LAST_7_DAYS("Last 7 days", Duration.ofDays(7)),
    CUSTOM("Custom from/to", null);

    private final String label;
    private final Duration length;

    RangePreset(String label, Duration length) {
        this.label = label;
        this.length = length;
    }

    public String label() {
        return label;
    }

    /** How far back a preset reaches from now; null for {@link #CUSTOM}. */
    public Duration length() {
        return length;
    }
}
