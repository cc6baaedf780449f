package dev.flightdeck.views.gangs;

import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.views.theme.Icons;
import org.kordamp.ikonli.Ikon;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * How worrying a gang's checkpoint age is: under an hour is fine, one to four hours is
 * worth a look, more is a lot of GPU time to lose. Unknown is its own level, never "fresh".
 */
public enum CheckpointAge {
    STALE("stale", "> 4h"),
    UNKNOWN("unknown", "no checkpoint known"),
    AGING("aging", "1–4h"),
    FRESH("fresh", "< 1h");

    public static final Duration WARN_AFTER = Duration.ofHours(1);
    public static final Duration BAD_AFTER = Duration.ofHours(4);

    private final String label;
    private final String range;

    CheckpointAge(String label, String range) {
        this.label = label;
        this.range = range;
    }

    public String label() {
        return label;
    }

    /** A different shape per level, so the level reads without its colour. */
    public Ikon icon() {
        return switch (this) {
            case FRESH -> Icons.CHECKPOINT_FRESH;
            case AGING -> Icons.CHECKPOINT_AGING;
            case STALE -> Icons.CHECKPOINT_STALE;
            case UNKNOWN -> Icons.CHECKPOINT_UNKNOWN;
        };
    }

    /** {@code checkpoint-fresh}, ... (defined in flightdeck.css). */
    public String styleClass() {
        return "checkpoint-" + name().toLowerCase(java.util.Locale.ROOT);
    }

    /** For the filter: {@code checkpoint stale (> 4h)}. */
    public String choiceLabel() {
        return this == UNKNOWN ? "checkpoint unknown" : "checkpoint " + label + " (" + range + ")";
    }

    public static CheckpointAge of(Duration age) {
        if (age == null) {
            return UNKNOWN;
        }
        if (age.compareTo(BAD_AFTER) > 0) {
            return STALE;
        }
        return age.compareTo(WARN_AFTER) >= 0 ? AGING : FRESH;
    }

    /** The level of {@code status} at {@code now}; a status not read yet is unknown. */
    public static CheckpointAge of(CheckpointStatus status, Instant now) {
        Optional<Duration> age = status == null ? Optional.empty() : status.age(now);
        return of(age.orElse(null));
    }
}
