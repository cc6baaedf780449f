package dev.flightdeck.sandbox;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * All objects of one resource, sorted by key (for paged LISTs), with a bounded
 * history of changes so a watch can resume from a recent resourceVersion — and gets
 * 410 Gone, exactly like etcd compaction, when it asks for one older than the history.
 */
final class ResourceTable {

    /**
     * One change; {@code previous} is the state before a MODIFIED (null otherwise), to tell a
     * selector watch it left; {@code nanos} when it was made, to age it out.
     */
    record Change(String type, StoredObject object, StoredObject previous, long nanos) {
    }

    /**
     * The history is kept as kube-apiserver's watch cache keeps events: every change of the
     * last 75 s (its eventFreshDuration), at least the newest {@link #HISTORY_FLOOR}, never more
     * than {@link #HISTORY}. Kept by count alone, a churning sandbox would hold 50,000 changes a
     * resource — hundreds of MB — for hours; a watch resuming from further back gets 410, as
     * from the real server.
     */
    private static final int HISTORY = 50_000;
    private static final int HISTORY_FLOOR = 100;
    private static final long FRESH_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(75);

    /** "resource" or "group/resource", as the store names it. */
    final String name;
    final String kind;
    final String apiVersion;
    private final NavigableMap<String, StoredObject> objects = new TreeMap<>();
    private final ArrayDeque<Change> history = new ArrayDeque<>();
    private final List<WatchSink> watchers = new CopyOnWriteArrayList<>();
    private long compactedThrough;
    private long latest;

    ResourceTable(String name, String kind, String apiVersion) {
        this.name = name;
        this.kind = kind;
        this.apiVersion = apiVersion;
    }

    synchronized StoredObject get(String key) {
        return objects.get(key);
    }

    synchronized int size() {
        return objects.size();
    }

    /** Stores (or replaces, or with type DELETED removes) and tells the watchers. */
    synchronized void apply(String type, StoredObject object) {
        StoredObject previous = type.equals("DELETED") ? objects.remove(object.key()) : objects.put(object.key(), object);
        long now = System.nanoTime();
        Change change = new Change(type, object, type.equals("MODIFIED") ? previous : null, now);
        history.addLast(change);
        latest = object.resourceVersion();
        while (history.size() > HISTORY
                || (history.size() > HISTORY_FLOOR && now - history.peekFirst().nanos() > FRESH_NANOS)) {
            compactedThrough = history.removeFirst().object().resourceVersion();
        }
        for (WatchSink w : watchers) {
            if (w.isClosed()) {
                watchers.remove(w);
            } else {
                byte[] line = eventFor(change, w);
                if (line != null) {
                    w.send(line);
                }
            }
        }
    }

    /**
     * The event a watcher gets for a change, or null, as kube-apiserver's watch cache decides it
     * for a selector: an object that stops matching is DELETED (with its last matching state), one
     * that starts matching is ADDED.
     */
    private static byte[] eventFor(Change c, WatchSink w) {
        boolean now = w.filter().test(c.object());
        if (!c.type().equals("MODIFIED") || c.previous() == null) {
            return now ? eventLine(c.type(), c.object().json()) : null;
        }
        boolean before = w.filter().test(c.previous());
        if (before && now) {
            return eventLine("MODIFIED", c.object().json());
        }
        if (now) {
            return eventLine("ADDED", c.object().json());
        }
        return before ? eventLine("DELETED", c.previous().json()) : null;
    }

    /** The resourceVersion of this resource's newest change (what a bookmark reports). */
    synchronized long latest() {
        return latest;
    }

    /** One page of a LIST: items after {@code afterKey}, at most {@code limit} (0 = all). */
    synchronized Page list(Predicate<StoredObject> filter, String afterKey, int limit) {
        return list(null, filter, afterKey, limit, false);
    }

    /**
     * One page of a LIST within {@code namespace} (null: all), after {@code afterKey}, at most
     * {@code limit} (0 = all). With {@code countRemaining} the page also says how many objects
     * follow it, as kube-apiserver's remainingItemCount does for a LIST without selectors.
     */
    synchronized Page list(String namespace, Predicate<StoredObject> filter, String afterKey, int limit,
                           boolean countRemaining) {
        // Keys are "namespace/name", so one namespace's objects are one contiguous range.
        NavigableMap<String, StoredObject> view = namespace == null ? objects
                : objects.subMap(namespace + "/", true, namespace + "/\uffff", false);
        if (afterKey != null) {
            view = view.tailMap(afterKey, false);
        }
        List<StoredObject> items = new ArrayList<>(limit > 0 ? Math.min(limit, view.size()) : view.size());
        String last = null;
        long remaining = 0;
        for (StoredObject o : view.values()) {
            if (!filter.test(o)) {
                continue;
            }
            if (limit > 0 && items.size() == limit) {
                remaining++;
                if (!countRemaining) {
                    break;
                }
                continue;
            }
            items.add(o);
            last = o.key();
        }
        return new Page(items, remaining > 0 ? last : null, countRemaining && remaining > 0 ? remaining : -1);
    }

    /**
     * @param continueAfter the key to continue after, or null on the last page
     * @param remaining     objects after this page (-1: not counted, or none)
     */
    record Page(List<StoredObject> items, String continueAfter, long remaining) {
    }

    /** resourceVersions up to this one are forgotten: a watch or a continue token from before is too old. */
    synchronized long compactedThrough() {
        return compactedThrough;
    }

    /**
     * Registers a watcher from {@code fromVersion}: replays newer history, or, with no
     * version, the current state as ADDED events. Returns false when the version was
     * compacted away (the caller answers 410 Gone).
     */
    synchronized boolean watch(WatchSink sink, Long fromVersion) {
        if (fromVersion == null) {
            for (StoredObject o : objects.values()) {
                if (sink.filter().test(o)) {
                    sink.send(eventLine("ADDED", o.json()));
                }
            }
        } else {
            if (fromVersion < compactedThrough) {
                return false;
            }
            for (Change c : history) {
                byte[] line = c.object().resourceVersion() > fromVersion ? eventFor(c, sink) : null;
                if (line != null) {
                    sink.send(line);
                }
            }
        }
        watchers.add(sink);
        return true;
    }

    void unwatch(WatchSink sink) {
        watchers.remove(sink);
    }

    List<WatchSink> watchers() {
        return watchers;
    }

    /** Forgets all history, as after an etcd compaction: every resuming watcher gets 410. */
    synchronized void compact(long throughVersion) {
        history.clear();
        compactedThrough = throughVersion;
    }

    static byte[] eventLine(String type, byte[] objectJson) {
        byte[] head = ("{\"type\":\"" + type + "\",\"object\":").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[head.length + objectJson.length + 2];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(objectJson, 0, out, head.length, objectJson.length);
        out[out.length - 2] = '}';
        out[out.length - 1] = '\n';
        return out;
    }
}
