package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.watch.WatchEvent;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One batch of changes applied to the window, remembering for each Event it touched how the views
 * last saw it (null: not held before the batch), so each view removes that and adds what is held now.
 */
final class EventFold {

    private final EventWindow window;
    private final Instant now;
    private final Map<String, EventRecord> touched = new HashMap<>();
    private boolean relisted;

    EventFold(EventWindow window, Instant now) {
        this.window = window;
        this.now = now;
    }

    void apply(WatchEvent<EventRecord> event) {
        switch (event) {
            case WatchEvent.Upserted<EventRecord> u -> upsert(u.item());
            case WatchEvent.Paged<EventRecord> page -> page.items().forEach(this::upsert);
            case WatchEvent.Deleted<EventRecord> d -> {
                String key = d.item().key();
                before(key, window.get(key));
                window.remove(key);
            }
            case WatchEvent.Relisted<EventRecord> r -> {
                window.replaceAll(r.items(), now);
                relisted = true;
                touched.clear(); // every view starts afresh
            }
        }
    }

    private void upsert(EventRecord e) {
        before(e.key(), window.get(e.key()));
        List<EventRecord> gone = new ArrayList<>();
        window.upsert(e, now, gone);
        gone.forEach(g -> before(g.key(), g));
    }

    void expire() {
        window.expire(now).forEach(g -> before(g.key(), g));
    }

    /** Only the first touch counts: that is the state the views saw. */
    private void before(String key, EventRecord state) {
        if (!touched.containsKey(key)) {
            touched.put(key, state);
        }
    }

    /** Key → the state the views last saw (null: none). */
    Map<String, EventRecord> touched() {
        return touched;
    }

    boolean relisted() {
        return relisted;
    }
}
