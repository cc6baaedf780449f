package dev.flightdeck.app.checkpoints;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the checkpoint the job announced in its own annotations ({@code flightdeck.dev/checkpoint-uri},
 * {@code -time}, {@code -step}). Jobs write these by hand, so bad values are expected: they become a
 * problem line for the person, never an exception, and whatever was readable is still shown.
 */
public final class AnnotationCheckpoints {

    private AnnotationCheckpoints() {
    }

    /** NONE when none of the three annotations is present; otherwise ANNOTATIONS, maybe with a problem. */
    public static CheckpointStatus read(Map<String, String> annotations) {
        if (annotations == null) {
            return CheckpointStatus.none();
        }
        String uri = blankToNull(annotations.get(CheckpointAnnotations.URI));
        String time = blankToNull(annotations.get(CheckpointAnnotations.TIME));
        String step = blankToNull(annotations.get(CheckpointAnnotations.STEP));
        if (uri == null && time == null && step == null) {
            return CheckpointStatus.none();
        }
        List<String> problems = new ArrayList<>();

        Instant completedAt = null;
        if (time == null) {
            problems.add(CheckpointAnnotations.TIME + " is missing, so the checkpoint's age is unknown");
        } else {
            try {
                completedAt = parseRfc3339(time);
            } catch (DateTimeParseException e) {
                problems.add(CheckpointAnnotations.TIME + " is not an RFC 3339 time: \"" + time
                        + "\" (expected e.g. 2026-11-22T04:00:00Z), so the checkpoint's age is unknown");
            }
        }

        long stepNumber = Checkpoint.UNKNOWN_STEP;
        if (step != null) {
            try {
                stepNumber = Long.parseLong(step);
                if (stepNumber < 0) {
                    throw new NumberFormatException();
                }
            } catch (NumberFormatException e) {
                stepNumber = Checkpoint.UNKNOWN_STEP;
                problems.add(CheckpointAnnotations.STEP + " is not a whole number: \"" + step + "\"");
            }
        }

        Checkpoint cp = new Checkpoint(uri, stepNumber, completedAt, null);
        String problem = problems.isEmpty() ? null : String.join("; ", problems);
        return new CheckpointStatus(CheckpointSource.ANNOTATIONS, cp, List.of(cp), problem);
    }

    /**
     * RFC 3339 is ISO 8601 with an offset, but it also allows a lower-case {@code t}/{@code z} and
     * a space between date and time, which {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME} refuses.
     */
    static Instant parseRfc3339(String text) {
        String s = text.trim().toUpperCase(Locale.ROOT);
        if (s.length() > 10 && s.charAt(10) == ' ') {
            s = s.substring(0, 10) + 'T' + s.substring(11);
        }
        return OffsetDateTime.parse(s, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
