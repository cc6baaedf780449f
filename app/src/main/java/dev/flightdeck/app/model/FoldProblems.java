package dev.flightdeck.app.model;

import dev.flightdeck.app.watch.WatchEvent;

import java.time.Instant;
import java.util.function.Function;

/**
 * What the fleet model could not fold in. A change that throws is skipped and counted here (the
 * rest of its batch and every later one still apply), as is a fold that fails half-way (the next
 * one rebuilds everything); the status bar says how many and the last one, so a model that
 * silently stopped applying changes while the connection says "live" cannot happen. Written by
 * the model thread, read by any.
 */
public final class FoldProblems {

    /** How many times folding failed (a change skipped, or a whole fold redone), the last one in words, and when. */
    public record Problem(long count, String last, Instant at) {
        public String describe() {
            return "fleet model: " + count + (count == 1 ? " failure" : " failures") + ", last: " + last;
        }
    }

    private static final System.Logger LOG = System.getLogger(ClusterModel.class.getName());

    private volatile Problem latest;

    /** Null while every change has been applied. */
    public Problem latest() {
        return latest;
    }

    void record(String what, Throwable e, Instant at) {
        String words = what + ": " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        Problem before = latest;
        latest = new Problem(before == null ? 1 : before.count() + 1, words, at);
        // A node whose facts keep failing fails again at every minute's tick: its stack trace is logged
        // once, the repeats only counted (the status bar shows the count).
        if (before == null || !before.last().equals(words)) {
            LOG.log(System.Logger.Level.WARNING, "fleet model: skipped " + words, e);
        }
    }

    /** "node gpu-node-003", "the pods list": which object a change was about. */
    static <T> String describe(String kind, WatchEvent<T> e, Function<T, String> name) {
        return switch (e) {
            case WatchEvent.Upserted<T>(T item) -> kind + " " + name.apply(item);
            case WatchEvent.Deleted<T>(T item) -> "deleted " + kind + " " + name.apply(item);
            case WatchEvent.Relisted<T> all -> "the " + kind + " list";
            case WatchEvent.Paged<T> page -> "a page of the " + kind + " list";
        };
    }
}
