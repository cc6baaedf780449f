package dev.flightdeck.views.journal;

import java.time.Instant;
import java.util.Objects;

/**
 * A journal range, {@code from <= at < to}, as {@code Journal.read} and the exported timeline take it.
 *
 * @param preset which choice it came from (for the title and to re-anchor "last hour" on refresh)
 */
public record TimeRange(RangePreset preset, Instant from, Instant to) {

    public TimeRange {
        Objects.requireNonNull(preset);
        Objects.requireNonNull(from);
        Objects.requireNonNull(to);
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("the range must start before it ends: " + from + " to " + to);
        }
    }

    /** A preset ending now; for {@link RangePreset#CUSTOM} use the constructor. */
    public static TimeRange endingAt(RangePreset preset, Instant now) {
        if (preset.length() == null) {
            throw new IllegalArgumentException(preset + " has no length; give it a from and a to");
        }
        // Journal.read excludes `to`; one millisecond more keeps an entry written at this very instant.
        Instant to = now.plusMillis(1);
        return new TimeRange(preset, to.minus(preset.length()), to);
    }

    /** The same preset again, ending at {@code now}; a custom range stays where it is. */
    public TimeRange reanchored(Instant now) {
        return preset == RangePreset.CUSTOM ? this : endingAt(preset, now);
    }
}
