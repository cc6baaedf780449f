package dev.flightdeck.app.watch;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

/**
 * An informer for one kind: LIST (paged) once, then WATCH from that resourceVersion
 * with bookmarks, resuming from the newest resourceVersion after a dropped stream and
 * relisting only on 410 Gone. It never polls. Each object is projected straight from
 * the byte stream into a compact record and handed to {@code sink}, which must only
 * enqueue. One platform thread per watcher reads the stream.
 */
public final class ResourceWatcher<T> implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(ResourceWatcher.class.getName());
    /** Like client-go: a server-side timeout between 5 and 10 minutes, so load spreads out. */
    private static final int MIN_WATCH_SECONDS = 300;
    private static final long MAX_BACKOFF_MS = 30_000;
    private static final long AUTH_RETRY_MS = 60_000;
    /** A watch stream silent for longer than this is taken for stalled: twice the server's bookmark period, and then some. */
    public static final java.time.Duration IDLE_LIMIT = java.time.Duration.ofSeconds(150);

    private final String resource;
    private final TolerantReader<T> reader;
    private final Consumer<WatchEvent<T>> sink;
    private final KindRequests requests;
    private final PagedList<T> pages;
    private final java.time.Duration idleLimit;
    private volatile boolean running = true;
    private volatile WatchHealth health;
    private volatile InputStream openStream;
    private volatile IdleWatchdog.Watched lastStream;
    private final java.util.concurrent.atomic.AtomicInteger lists = new java.util.concurrent.atomic.AtomicInteger();
    private Thread thread;
    private String resourceVersion;
    /** How seldom an unreadable watch event may cost a relist. */
    private static final java.time.Duration BAD_OBJECT_RELIST = java.time.Duration.ofMinutes(10);
    private long lastBadObjectRelist;
    private boolean relistForBadObject;
    /** The current watch was opened because the one before went silent: if it fails too, that is a stall. */
    private boolean reopenedAfterSilence;
    /** The next LIST follows a 410 and is read from the server's watch cache; see {@link #loop()}. */
    private boolean relistFromCache;
    /** The first LIST is handed on page by page ({@link WatchEvent.Paged}); see {@link #streamFirstList()}. */
    private boolean streamFirstList;
    /**
     * Lists from the API server's watch cache ({@code resourceVersion=0}) from the start, as client-go's informers
     * do, instead of a paged read of etcd; see {@link #listFirstFromWatchCache()}.
     */
    private boolean firstFromCache;
    /** How far the LIST under way has come (the last one's, when none is). */
    private volatile ListProgress listProgress = ListProgress.NOT_STARTED;

    public ResourceWatcher(ApiEndpoint api, String path, String resource, Projector<T> projector,
                           Consumer<WatchEvent<T>> sink, int pageSize) {
        this(api, path, resource, projector, sink, pageSize, IDLE_LIMIT);
    }

    /** @param idleLimit how long an open watch stream may stay silent before it is taken for stalled */
    public ResourceWatcher(ApiEndpoint api, String path, String resource, Projector<T> projector,
                           Consumer<WatchEvent<T>> sink, int pageSize, java.time.Duration idleLimit) {
        this.idleLimit = idleLimit;
        this.resource = resource;
        this.reader = new TolerantReader<>(resource, projector);
        this.sink = sink;
        this.requests = new KindRequests(api, path, resource, idleLimit);
        this.pages = new PagedList<>(requests, resource, reader, sink, pageSize);
        this.health = WatchHealth.syncing(resource);
    }

    /**
     * Hands the first LIST on page by page, so a screen can show the first objects while a large kind is still
     * listing; call before {@link #start()}. A LIST that fails half-way is made again whole ({@link WatchEvent.Relisted}),
     * replacing the pages already handed on, as every later relist does.
     */
    public ResourceWatcher<T> streamFirstList() {
        this.streamFirstList = true;
        return this;
    }

    /**
     * The first LIST is served by the API server's watch cache ({@code resourceVersion=0}): from memory, in one
     * answer (kube-apiserver 1.32's cache ignores {@code limit}), at most a moment older than etcd, the watch catching
     * up from its version. For a kind whose whole list is small enough to hold at once (7,500 nodes are ~50 MB of
     * JSON); pods are paged from etcd, 100,000 of them would be one answer of half a gigabyte. Call before
     * {@link #start()}.
     */
    public ResourceWatcher<T> listFirstFromWatchCache() {
        this.firstFromCache = true;
        return this;
    }

    /**
     * Writes when the first LIST was sent and when its first answer came to the startup trace ({@code KIND-list-sent},
     * {@code KIND-first-answer}): for the kinds the first screen waits for. Call before {@link #start()}.
     */
    public ResourceWatcher<T> traceFirstList() {
        pages.traceMilestones();
        return this;
    }

    /** How far the LIST under way has come, or the last one when none is (any thread). */
    public ListProgress listProgress() {
        return listProgress;
    }

    public void start() {
        thread = Thread.ofPlatform().name("watch-" + resource).daemon().start(this::loop);
    }

    public WatchHealth health() {
        return health;
    }

    /** How many LISTs this watcher has made: one at the start, one more per 410 Gone (a relist storm would show here). */
    public int lists() {
        return lists.get();
    }

    /** The bytes this watcher's LIST answers took on the wire (gzipped, when the server compressed them). */
    public long listBytesOnWire() {
        return pages.wireBytes();
    }

    public String resource() {
        return resource;
    }

    @Override
    public void close() {
        running = false;
        health = new WatchHealth(resource, WatchPhase.STOPPED, 0, null, health.newest());
        InputStream s = openStream;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing only to unblock the reader
            }
        }
        if (thread != null) {
            thread.interrupt();
        }
    }

    private void loop() {
        int attempt = 0;
        while (running) {
            try {
                if (resourceVersion == null) {
                    list();
                }
                long started = System.nanoTime();
                watch();
                LOG.log(System.Logger.Level.DEBUG, () -> resource + ": watch ended after "
                        + (System.nanoTime() - started) / 1_000_000 + " ms at resourceVersion " + resourceVersion);
                // A server that ends watches at once would otherwise be hammered in a tight loop.
                attempt = System.nanoTime() - started < 1_000_000_000L && resourceVersion != null ? attempt + 1 : 0;
                if (attempt > 0) {
                    reconnecting(attempt, "watch closed by the server right after it opened");
                }
            } catch (ApiStatusException e) {
                if (!running) {
                    return;
                }
                if (e.isGone()) {
                    LOG.log(System.Logger.Level.INFO, resource + ": resourceVersion too old (410), relisting");
                    resourceVersion = null;
                    relistFromCache = true;
                    // A restarted API server answers 410 while its watch caches are still filling: a LIST
                    // read from etcd could be older than the cache's first version and earn a second
                    // 410. So the relist is served by the watch cache (resourceVersion=0: the server
                    // waits until the cache is ready, and its version is one the cache can watch from),
                    // after one to two seconds, jittered so a cluster's watchers do not relist in step.
                    health = new WatchHealth(resource, WatchPhase.RECONNECTING, attempt, "the watch's resourceVersion "
                            + "is too old (410 Gone): relisting", health.newest());
                    sleep(1_000 + ThreadLocalRandom.current().nextLong(1_000));
                    continue;
                }
                attempt++;
                if (e.isAuthProblem()) {
                    // Credentials or RBAC seldom fix themselves in a second: say so and retry slowly, from
                    // 5 s up to a minute. Not a flat minute: a restarting API server answers 401 for a
                    // moment (its token authenticators are still starting), and rotated credentials,
                    // which the request already retried with, may take a moment to be accepted.
                    health = new WatchHealth(resource, WatchPhase.FAILED, attempt, e.getMessage(), health.newest());
                    long delay = Math.min(AUTH_RETRY_MS, 5_000L << Math.min(attempt - 1, 4));
                    sleep(delay / 2 + ThreadLocalRandom.current().nextLong(delay / 2 + 1));
                } else {
                    reconnecting(attempt, e.getMessage(), e.retryAfterMillis());
                }
            } catch (IOException | RuntimeException e) {
                if (!running) {
                    return;
                }
                IdleWatchdog.Watched stream = lastStream;
                if (stream != null && stream.stalled() && !reopenedAfterSilence) {
                    // A quiet kind (no job changed, and no bookmark from a server whose watch cache has
                    // seen no event) is as silent as a stalled connection. Reopen from the
                    // resourceVersion at once, still live: only a reopen that gets no answer is a stall.
                    LOG.log(System.Logger.Level.DEBUG, () -> resource + ": silent for " + idleLimit.toSeconds()
                            + " s; reopening the watch from resourceVersion " + resourceVersion);
                    reopenedAfterSilence = true;
                    continue;
                }
                // Set only until a reopened watch answers: true here means that reopen got no answer.
                boolean afterSilence = reopenedAfterSilence;
                reopenedAfterSilence = false;
                attempt++;
                LOG.log(System.Logger.Level.DEBUG, resource + ": list/watch failed", e);
                if (stream != null && stream.openedFor() > idleLimit.toNanos()) {
                    attempt = 1; // it was a healthy stream for a while: start the back-off afresh
                }
                reconnecting(attempt, afterSilence ? stalledReason() + " (" + Problems.describe(e) + ")"
                        : Problems.describe(e));
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void reconnecting(int attempt, String reason) {
        reconnecting(attempt, reason, 0);
    }

    private String stalledReason() {
        return "the watch stream sent nothing for " + idleLimit.toSeconds() + " s and reopening it failed"
                + " (a stalled connection); reconnecting";
    }

    /**
     * Waits before the next attempt: exponential back-off with jitter (half the delay random, so a
     * cluster's watchers do not come back in step), and never sooner than the server's Retry-After.
     */
    private void reconnecting(int attempt, String reason, long retryAfterMillis) {
        health = new WatchHealth(resource, WatchPhase.RECONNECTING, attempt, reason, health.newest());
        long base = Math.min(MAX_BACKOFF_MS, 500L << Math.min(attempt, 10));
        sleep(Math.max(retryAfterMillis, base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1)));
    }

    private void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    /** The LIST ({@link PagedList}); the watch goes on from its resourceVersion. */
    private void list() throws IOException, InterruptedException {
        // Only a watcher's very first LIST streams: nothing was handed on before it, so its pages only add.
        boolean first = lists.incrementAndGet() == 1;
        boolean streaming = first && streamFirstList;
        relistFromCache |= first && firstFromCache;
        health = new WatchHealth(resource, WatchPhase.SYNCING, health.attempt(), null, health.newest());
        listProgress = ListProgress.NOT_STARTED;
        resourceVersion = pages.list(streaming, relistFromCache, () -> running, p -> listProgress = p);
        relistFromCache = false;
        health = new WatchHealth(resource, WatchPhase.LIVE, 0, null, Instant.now());
    }

    private void watch() throws IOException, InterruptedException {
        int timeout = MIN_WATCH_SECONDS + ThreadLocalRandom.current().nextInt(MIN_WATCH_SECONDS);
        String url = requests.url("watch=1&allowWatchBookmarks=true&timeoutSeconds=" + timeout
                + "&resourceVersion=" + KindRequests.enc(resourceVersion));
        lastStream = null;
        // Known to the watchdog (and to close()) before the parser's first read, which already blocks.
        IdleWatchdog.Watched body = IdleWatchdog.watch(requests.openWatch(url), idleLimit);
        lastStream = body;
        reopenedAfterSilence = false; // it answered: the silence was a quiet kind, not a stall
        openStream = body;
        // Live as soon as the server accepted the watch (200 and its headers): the parser's first read
        // waits for the first event, which on a quiet cluster may be a minute away (the next bookmark).
        health = new WatchHealth(resource, WatchPhase.LIVE, 0, null, health.newest());
        try (body; JsonParser p = KubeJson.MAPPER.createParser(body)) {
            while (running && p.nextToken() == JsonToken.START_OBJECT) {
                readEvent(p);
                if (relistForBadObject) {
                    relistForBadObject = false;
                    resourceVersion = null;
                    return;
                }
            }
        } finally {
            openStream = null;
        }
    }

    /** One watch event. Real servers send "type" first, which lets us project without a tree. */
    private void readEvent(JsonParser p) throws IOException {
        String type = null;
        boolean unreadable = false;
        Projector.Projected<T> projected = null;
        JsonNode deferred = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            if ("type".equals(field)) {
                type = p.getText();
            } else if ("object".equals(field)) {
                if ("ADDED".equals(type) || "MODIFIED".equals(type) || "DELETED".equals(type)) {
                    projected = reader.read(p);
                    unreadable = projected == null;
                } else {
                    deferred = KubeJson.MAPPER.readTree(p);
                }
            } else {
                p.skipChildren();
            }
        }
        if (projected == null && deferred != null && type != null) {
            if ("ERROR".equals(type)) {
                throw StatusBodies.fromStatus(deferred, "watch " + resource);
            }
            if ("BOOKMARK".equals(type)) {
                resourceVersion = deferred.path("metadata").path("resourceVersion").asText(resourceVersion);
                touch();
                return;
            }
            try (JsonParser again = KubeJson.MAPPER.treeAsTokens(deferred)) {
                again.nextToken();
                projected = reader.read(again);
                unreadable = projected == null;
            }
        }
        if (unreadable) {
            unreadableEvent();
            return;
        }
        if (projected == null || type == null) {
            return;
        }
        if (projected.resourceVersion() != null) {
            resourceVersion = projected.resourceVersion();
        }
        switch (type) {
            case "ADDED", "MODIFIED" -> sink.accept(new WatchEvent.Upserted<>(projected.item()));
            case "DELETED" -> sink.accept(new WatchEvent.Deleted<>(projected.item()));
            default -> LOG.log(System.Logger.Level.DEBUG, resource + ": ignoring watch event " + type);
        }
        touch();
    }

    /**
     * A changed object that cannot be read: the version shown is out of date and which object
     * it is may be unknown. One relist (at most every {@link #BAD_OBJECT_RELIST}) drops whatever
     * is stale; a server that keeps sending such objects is reported, never relisted in a loop.
     */
    private void unreadableEvent() {
        long now = System.nanoTime();
        if (lastBadObjectRelist == 0 || now - lastBadObjectRelist > BAD_OBJECT_RELIST.toNanos()) {
            lastBadObjectRelist = now;
            relistForBadObject = true;
        }
        touch();
    }

    /** Objects of this kind not shown because they could not be read. */
    public SkippedObjects skipped() {
        return reader.skipped();
    }

    private void touch() {
        health = new WatchHealth(resource, WatchPhase.LIVE, 0, null, Instant.now());
    }
}
