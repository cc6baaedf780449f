package dev.flightdeck.views.gangs;

import dev.flightdeck.app.checkpoints.CheckpointSource;
import dev.flightdeck.app.checkpoints.CheckpointStatus;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.views.rows.BatchedRowList;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;

/**
 * Schedules checkpoint reads for the gangs screen: off the FX thread (a read may wait
 * seconds on object storage), at most once per {@link #REFRESH} per gang, results handed
 * back on the FX thread onto the gang's row, and results for a previous cluster dropped.
 */
final class CheckpointReads implements AutoCloseable {

    static final Duration REFRESH = Duration.ofMinutes(1);

    private final Clock clock;
    private final Executor background;
    private final ExecutorService owned;
    private final Executor fx;
    /** The row a result goes to, null when its gang has gone. */
    private final Function<GangKey, GangRow> rowOf;
    private final BatchedRowList<GangRow> rows;
    private boolean flushScheduled;
    private final Map<GangKey, Instant> readAt = new HashMap<>();
    private final Set<GangKey> reading = new HashSet<>();
    private Function<Map<String, String>, CheckpointStatus> reader;
    private long generation;

    /**
     * @param background where reads run (null: a private pool of two daemon threads)
     * @param fx         where results are applied (the FX thread; tests pass {@code Runnable::run})
     * @param rowOf      the row of a gang, null when it has gone
     * @param rows       the rows, told of a burst of results at once
     */
    CheckpointReads(Clock clock, Executor background, Executor fx, Function<GangKey, GangRow> rowOf,
                    BatchedRowList<GangRow> rows) {
        this.clock = clock;
        this.owned = background == null ? Executors.newFixedThreadPool(2,
                r -> Thread.ofPlatform().name("checkpoint-read").daemon().unstarted(r)) : null;
        this.background = background == null ? owned : background;
        this.fx = fx;
        this.rowOf = rowOf;
        this.rows = rows;
    }

    /** A new source (a new cluster); null stops reading. Every gang is read again soon after. */
    void setReader(Function<Map<String, String>, CheckpointStatus> reader) {
        forget();
        this.reader = reader;
    }

    /** Drops everything known and in flight (context switch). */
    void forget() {
        generation++;
        reader = null;
        readAt.clear();
        reading.clear();
    }

    /** Forgets when this gang was last read, so the next refresh reads it (its source changed, or it left). */
    void readSoon(GangKey key) {
        readAt.remove(key);
    }

    /** Forgets gangs that are gone. */
    void retain(Set<GangKey> keys) {
        readAt.keySet().retainAll(keys);
    }

    /** Starts a read for every gang whose last read is older than {@link #REFRESH}. FX thread. */
    void refresh(Iterable<GangRow> rows) {
        Function<Map<String, String>, CheckpointStatus> r = reader;
        if (r == null) {
            return;
        }
        Instant now = clock.instant();
        long gen = generation;
        for (GangRow row : rows) {
            GangKey key = row.key();
            Instant last = readAt.get(key);
            if (reading.contains(key) || last != null && now.isBefore(last.plus(REFRESH))) {
                continue;
            }
            Map<String, String> annotations = row.gang().annotations();
            reading.add(key);
            readAt.put(key, now);
            try {
                background.execute(() -> {
                    CheckpointStatus status = readQuietly(r, annotations);
                    fx.execute(() -> delivered(gen, key, status));
                });
            } catch (RejectedExecutionException e) {
                reading.remove(key); // closed
            }
        }
    }

    private void delivered(long gen, GangKey key, CheckpointStatus status) {
        if (gen != generation) {
            return; // read for a previous cluster
        }
        reading.remove(key);
        read(key, status);
    }

    /**
     * Results arrive one by one; the table hears about them together, once per pass of
     * the FX queue, so a burst of reads costs one re-sort, not one per gang.
     */
    private void read(GangKey key, CheckpointStatus status) {
        GangRow row = rowOf.apply(key);
        if (row != null) {
            row.update(status, clock.instant());
            if (!flushScheduled) {
                flushScheduled = true;
                fx.execute(() -> {
                    flushScheduled = false;
                    rows.fireDirtyUpdates();
                });
            }
        }
    }

    private static CheckpointStatus readQuietly(Function<Map<String, String>, CheckpointStatus> reader,
                                                Map<String, String> annotations) {
        try {
            return reader.apply(annotations);
        } catch (RuntimeException e) {
            return CheckpointStatus.failed(CheckpointSource.NONE, "checkpoint read failed: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        generation++;
        if (owned != null) {
            owned.shutdownNow();
        }
    }
}
