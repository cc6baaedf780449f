package dev.flightdeck.app.diagnose.logs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** The last {@code capacity} lines of a stream, whatever its length: a log is read through one, never held whole. */
final class TailBuffer {

    private final int capacity;
    private final ArrayDeque<LogLine> lines;
    private long seen;

    TailBuffer(int capacity) {
        this.capacity = Math.max(0, capacity);
        this.lines = new ArrayDeque<>(Math.min(this.capacity, 256));
    }

    void add(LogLine line) {
        seen++;
        if (capacity == 0) {
            return;
        }
        if (lines.size() == capacity) {
            lines.removeFirst();
        }
        lines.addLast(line);
    }

    /** Lines that went through, kept or not. */
    long seen() {
        return seen;
    }

    List<LogLine> lines() {
        return new ArrayList<>(lines);
    }

    /** The last {@code n} lines kept. */
    static List<LogLine> last(List<LogLine> lines, int n) {
        return lines.size() <= n ? lines : List.copyOf(lines.subList(lines.size() - n, lines.size()));
    }
}
