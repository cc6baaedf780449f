package dev.flightdeck.app.diagnose.events;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.flightdeck.app.kube.EventObject;
import dev.flightdeck.app.watch.BadObject;
import dev.flightdeck.app.watch.Interner;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.app.watch.Projector;

import java.io.IOException;

/**
 * Projects Event JSON of either API into an {@link EventRecord}, straight from the watch or list
 * stream. Events are the most numerous objects of a busy cluster, so what is kept is little and
 * shared: kinds, reasons, reporters and namespaces through an interner (few distinct values), object
 * names and notes through a bounded cache of recent strings (many distinct values, repeated in bursts).
 * Managed fields and everything else the console does not show are skipped by the reader, not built.
 */
public final class EventProjector implements Projector<EventRecord> {

    private static final ObjectReader READER = KubeJson.MAPPER.readerFor(EventObject.class);

    private final Interner few = new Interner();
    private final RecentStrings many = new RecentStrings(1 << 12);

    @Override
    public Projected<EventRecord> read(JsonParser parser) throws IOException {
        EventObject e = READER.readValue(parser);
        return new Projected<>(compact(e), e.metadata().resourceVersion());
    }

    /** The compact record of a typed Event (also for one read by a plain GET). */
    public EventRecord compact(EventObject e) throws BadObject {
        String name = BadObject.required(e.metadata().name(), "event", "metadata.name");
        String ns = e.metadata().namespace() == null ? "" : e.metadata().namespace();
        if (e.lastSeen() == null) {
            throw new BadObject("event " + ns + "/" + name + " says neither when it happened nor when it was stored");
        }
        return new EventRecord(ns + "/" + name, e.warning(), few.intern(e.reason()), few.intern(e.action()),
                many.share(e.note()), few.intern(e.regarding().kind()), few.intern(e.regarding().namespace()),
                many.share(e.regarding().name()), few.intern(e.reportingController()), e.count(), e.firstSeen(),
                e.lastSeen().equals(e.firstSeen()) ? e.firstSeen() : e.lastSeen()); // one Instant when they agree
    }
}
