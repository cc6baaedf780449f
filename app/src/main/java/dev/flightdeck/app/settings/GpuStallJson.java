package dev.flightdeck.app.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.flightdeck.app.settings.StallThresholds;

import java.time.Duration;
import java.util.Iterator;
import java.util.Set;

/**
 * A cluster's {@code "gpuStall"} block in the settings file: <pre>{"idleBelowPercent": 5, "minutes": 10}</pre>
 * A gang is stalled when every rank is Running and every rank's GPUs stayed under {@code idleBelowPercent} for
 * {@code minutes}. A field left out keeps its default; a bad value is refused in one line naming the field.
 */
final class GpuStallJson {

    private static final Set<String> FIELDS = Set.of("idleBelowPercent", "minutes");

    private GpuStallJson() {
    }

    /** The block's thresholds over the defaults; the defaults when there is no block. */
    static StallThresholds read(JsonNode block) {
        StallThresholds d = StallThresholds.DEFAULTS;
        if (block == null || block.isNull() || block.isMissingNode()) {
            return d;
        }
        if (!block.isObject()) {
            throw new IllegalArgumentException("gpuStall must be an object such as {\"idleBelowPercent\": 5, \"minutes\": 10}");
        }
        for (Iterator<String> names = block.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new IllegalArgumentException("gpuStall." + name + " is not a setting (known: idleBelowPercent, minutes)");
            }
        }
        double idle = d.idleBelowPercent();
        JsonNode percent = block.get("idleBelowPercent");
        if (percent != null) {
            idle = percent.isNumber() ? percent.asDouble() : Double.NaN;
            if (!(idle > 0 && idle < 100)) {
                throw new IllegalArgumentException("gpuStall.idleBelowPercent must be a number between 0 and 100, not "
                        + percent);
            }
        }
        Duration window = d.window();
        JsonNode minutes = block.get("minutes");
        if (minutes != null) {
            long longest = StallThresholds.LONGEST_WINDOW.toMinutes();
            if (!minutes.isIntegralNumber() || minutes.asLong() < 1 || minutes.asLong() > longest) {
                throw new IllegalArgumentException("gpuStall.minutes must be a whole number from 1 to " + longest + ", not "
                        + minutes);
            }
            window = Duration.ofMinutes(minutes.asLong());
        }
        return d.withStall(idle, window);
    }

    /** Written only when it differs from the defaults, as the other blocks are. */
    static void write(ObjectNode cluster, StallThresholds t) {
        StallThresholds d = StallThresholds.DEFAULTS;
        if (t.idleBelowPercent() == d.idleBelowPercent() && t.window().equals(d.window())) {
            return;
        }
        ObjectNode o = cluster.putObject("gpuStall");
        if (t.idleBelowPercent() == Math.rint(t.idleBelowPercent())) {
            o.put("idleBelowPercent", (long) t.idleBelowPercent());
        } else {
            o.put("idleBelowPercent", t.idleBelowPercent());
        }
        o.put("minutes", t.window().toMinutes());
    }
}
