package dev.flightdeck.app.checkpoints;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A workload's checkpoint status, from the sources of conventions §4 in order: object storage when
 * the workload names a prefix, else the job's own annotations, else NONE.
 *
 * <p>Object-storage results are cached per prefix for {@link #interval()} (default 60 s), failures
 * included, so however often views and reports ask, S3 is listed at most once per interval per
 * prefix, and a down endpoint is not hammered. Concurrent callers for the same prefix share one
 * read. {@link #read} is synchronous; its worst case is bounded by the S3 client's timeouts (see
 * {@link ObjectStoreCheckpoints}), and annotation reads never touch the network.
 */
public final class CheckpointService {

    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(60);

    private final Function<String, CheckpointStatus> objectStore;
    private final Duration interval;
    private final Clock clock;
    private final Map<String, Slot> cache = new ConcurrentHashMap<>();

    /**
     * One cached read of one prefix. Its monitor makes concurrent callers wait for one read;
     * the fields are volatile so eviction can look at them without taking that monitor.
     */
    private static final class Slot {
        private volatile CheckpointStatus status;
        private volatile Instant readAt;
    }

    public CheckpointService(ObjectStoreCheckpoints objectStore) {
        this(objectStore::read, DEFAULT_INTERVAL, Clock.systemUTC());
    }

    public CheckpointService(ObjectStoreCheckpoints objectStore, Duration interval, Clock clock) {
        this(objectStore::read, interval, clock);
    }

    /** @param objectStore reads a prefix annotation value into a status (never throws) */
    CheckpointService(Function<String, CheckpointStatus> objectStore, Duration interval, Clock clock) {
        this.objectStore = Objects.requireNonNull(objectStore);
        this.interval = Objects.requireNonNull(interval);
        this.clock = Objects.requireNonNull(clock);
    }

    public Duration interval() {
        return interval;
    }

    /** The workload's checkpoint status; never null, never throws for storage or annotation trouble. */
    public CheckpointStatus read(Map<String, String> annotations) {
        Map<String, String> a = annotations == null ? Map.of() : annotations;
        CheckpointStatus fromAnnotations = AnnotationCheckpoints.read(a);
        String prefix = a.get(CheckpointAnnotations.PREFIX);
        if (prefix == null || prefix.isBlank()) {
            return fromAnnotations;
        }
        CheckpointStatus stored = cached(prefix.trim());
        if (stored.newest() != null || fromAnnotations.newest() == null) {
            return stored;
        }
        // Storage failed or holds nothing complete, but the job announced a checkpoint: show that,
        // and keep the storage problem in view so nobody thinks the prefix was read fine.
        String line = fromAnnotations.problem() == null
                ? stored.problem()
                : stored.problem() + "; " + fromAnnotations.problem();
        return fromAnnotations.withProblem(line);
    }

    /** Forgets cached reads (e.g. when the person asks for a refresh, or settings change). */
    public void invalidate() {
        cache.clear();
    }

    private CheckpointStatus cached(String prefix) {
        Slot slot = cache.computeIfAbsent(prefix, p -> new Slot());
        Instant readAt = slot.readAt;
        if (readAt == null || !clock.instant().isBefore(readAt.plus(interval))) {
            dev.flightdeck.app.threads.UiThreadGuard.blocking("listing checkpoints under " + prefix);
        }
        boolean read = false;
        CheckpointStatus status;
        synchronized (slot) {
            Instant now = clock.instant();
            if (slot.readAt == null || !now.isBefore(slot.readAt.plus(interval))) {
                slot.status = objectStore.apply(prefix);
                slot.readAt = now;
                read = true;
            }
            status = slot.status;
        }
        if (read) {
            evictStale(clock.instant()); // outside the monitor: never hold two slots at once
        }
        return status;
    }

    /** Keeps the cache to prefixes still asked about: drops slots unread for ten intervals. */
    private void evictStale(Instant now) {
        Instant cutoff = now.minus(interval.multipliedBy(10));
        // A slot dropped while another thread refreshes it costs at most one extra read later.
        cache.values().removeIf(s -> s.readAt != null && s.readAt.isBefore(cutoff));
    }
}
