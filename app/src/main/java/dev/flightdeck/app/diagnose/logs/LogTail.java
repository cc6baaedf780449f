package dev.flightdeck.app.diagnose.logs;

import java.util.List;

/** A log read whole into lines, and how the read went. */
public record LogTail(List<LogLine> lines, LogRead read) {
}
