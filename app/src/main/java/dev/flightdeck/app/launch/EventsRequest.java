package dev.flightdeck.app.launch;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * {@code events [--for node/NAME | NS/pod/NAME | NS/GANG] [--warnings] [--since 1h]}: whose Events,
 * Warnings only, and how recent.
 *
 * @param target what {@code --for} names, or null for the whole cluster
 * @param since  last seen within this long, or null for all the server keeps
 */
public record EventsRequest(Target target, boolean warnings, Duration since) {

    /** What {@code --for} names. */
    public sealed interface Target {
        /** {@code node/NAME}. */
        record Node(String name) implements Target { }

        /** {@code NS/pod/NAME}. */
        record Pod(String namespace, String name) implements Target { }

        /** {@code NS/GANG}: the gang's workload object and its ranks' pods. */
        record Gang(String namespace, String name) implements Target { }
    }

    /** Reads {@code --for X}, {@code --warnings}, {@code --since D} in any order; {@link #build} checks they belong. */
    static final class Builder {
        private String target;
        private boolean warnings;
        private String since;
        private boolean any;

        /** Reads one flag at {@code args[i]}; returns the index of the last argument it used. */
        int parse(String flag, String inlineValue, String[] args, int i) throws UsageException {
            any = true;
            switch (flag) {
                case "--warnings" -> warnings = true;
                case "--for" -> {
                    target = inlineValue != null ? inlineValue : LaunchParser.value(args, ++i, flag);
                }
                default -> since = inlineValue != null ? inlineValue : LaunchParser.value(args, ++i, flag);
            }
            return i;
        }

        EventsRequest build(boolean eventsCommand) throws UsageException {
            if (!eventsCommand) {
                if (any) {
                    throw new UsageException("--for, --warnings and --since belong to the events command");
                }
                return null;
            }
            return new EventsRequest(target == null ? null : target(target), warnings, since == null ? null : since(since));
        }
    }

    static Target target(String v) throws UsageException {
        String[] p = v.split("/", -1);
        for (String part : p) {
            if (part.isBlank()) {
                throw bad(v);
            }
        }
        if (p.length == 2 && p[0].equals("node")) {
            return new Target.Node(p[1]);
        }
        if (p.length == 3 && p[1].equals("pod")) {
            return new Target.Pod(p[0], p[2]);
        }
        if (p.length == 2) {
            return new Target.Gang(p[0], p[1]);
        }
        throw bad(v);
    }

    private static UsageException bad(String v) {
        return new UsageException("--for takes node/NAME, NAMESPACE/pod/NAME or NAMESPACE/GANG, not '" + v + "'");
    }

    /** {@code 90s}, {@code 10m}, {@code 1h}, {@code 2d}, or ISO-8601 ({@code PT1H}). */
    static Duration since(String v) throws UsageException {
        String t = v.trim().toLowerCase(Locale.ROOT);
        try {
            Duration d = t.matches("\\d+d") ? Duration.ofDays(Long.parseLong(t.substring(0, t.length() - 1)))
                    : t.matches("\\d+[smh]") ? Duration.parse("PT" + t.toUpperCase(Locale.ROOT)) : Duration.parse(v.trim());
            if (d.isNegative() || d.isZero()) {
                throw new UsageException("--since must be positive, not '" + v + "'");
            }
            return d;
        } catch (DateTimeParseException | NumberFormatException e) {
            throw new UsageException("--since needs a duration such as 10m, 1h or 2d, not '" + v + "'");
        }
    }
}
