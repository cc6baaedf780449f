package dev.flightdeck.app.diagnose.events;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.EventObject;
import dev.flightdeck.app.kube.EventSelectors;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectList;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Events read once, without a watch: a paged LIST of a scope (Warnings selected by the server when
 * only they are wanted, which saves their bytes), kept in a window and sorted. For the headless
 * {@code events} command and anything that shows Events once. Blocking; never on a UI thread.
 */
public final class EventReads {

    private static final TypeReference<ObjectList<EventObject>> LIST = new TypeReference<>() { };

    private final KubeRest rest;
    private final ApiResource events;
    private final int pageSize;

    public EventReads(KubeRest rest, ApiResource events, int pageSize) {
        this.rest = rest;
        this.events = events;
        this.pageSize = pageSize;
    }

    /**
     * What one read found.
     *
     * @param events   the Events kept, in the filter's order
     * @param dropped  Events read but left out because the window was full or they were older than its age
     * @param requests LIST pages asked for
     * @param bytes    bytes of the answers
     */
    public record Result(List<EventRecord> events, long dropped, int requests, long bytes, ApiResource api) {
    }

    /** The Events of {@code scope} that {@code filter} passes, newest kept within {@code limits}. */
    public Result read(EventScope scope, EventFilter filter, EventWindow.Limits limits, Instant now) throws IOException {
        ApiPath path = scope.path(events);
        if (filter.warningsOnly()) {
            path = withWarnings(path, scope);
        }
        EventWindow window = new EventWindow(limits);
        EventProjector projector = new EventProjector();
        List<EventRecord> gone = new ArrayList<>();
        int requests = 0;
        long bytes = 0;
        long passed = 0;
        String cont = "";
        do {
            ApiPath page = path.param("limit", pageSize);
            if (!cont.isEmpty()) {
                page = page.param("continue", cont);
            }
            KubeRest.Answer a = rest.get(page);
            requests++;
            bytes += a.body() == null ? 0 : a.body().length;
            if (!a.ok()) {
                throw new IOException(refusal(a, scope));
            }
            ObjectList<EventObject> list = a.as(LIST);
            for (EventObject e : list.items()) {
                EventRecord r = projector.compact(e);
                if (filter.matches(r, now)) {
                    passed++;
                    window.upsert(r, now, gone);
                }
            }
            cont = list.metadata()._continue();
        } while (!cont.isEmpty());
        List<EventRecord> kept = new ArrayList<>(window.all());
        kept.sort(filter.order().comparator());
        return new Result(List.copyOf(kept), passed - kept.size(), requests, bytes, events);
    }

    /** The scope's own selector and {@code type=Warning}, both for the server. */
    private ApiPath withWarnings(ApiPath path, EventScope scope) {
        String own = scope instanceof EventScope.About a ? EventSelectors.about(events, a.object()) : "";
        return path.param("fieldSelector", EventSelectors.and(own, EventSelectors.warnings()));
    }

    private static String refusal(KubeRest.Answer a, EventScope scope) {
        String why = a.code() == 403 ? "not allowed to list them (" + a.message() + ")" : a.message();
        return "could not read the " + scope.describe() + ": " + why;
    }
}
