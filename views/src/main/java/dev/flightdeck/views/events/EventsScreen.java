package dev.flightdeck.views.events;

import dev.flightdeck.app.diagnose.events.EventRecord;
import dev.flightdeck.app.diagnose.yaml.ObjectRef;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.ObjectReference;
import dev.flightdeck.app.session.ClusterSession;
import dev.flightdeck.views.diagnose.Evidence;
import dev.flightdeck.views.screen.LazyScreen;
import dev.flightdeck.views.theme.Icons;
import javafx.application.Platform;
import javafx.beans.value.ObservableValue;
import org.kordamp.ikonli.Ikon;

import java.time.Clock;
import java.util.Set;

/**
 * The Events screen: the Kubernetes Events of the cluster shown (watched only while the screen shows), or only those
 * about one node's or gang's objects; an Event opens the YAML of its object or its own.
 */
public final class EventsScreen extends LazyScreen<EventsView> {

    public static final String ID = "events";

    private final EventsViewModel events = new EventsViewModel(Platform::runLater);
    private final Clock clock;
    private final Evidence evidence;

    /** @param onScreen the cluster shown: the screen reads its Events from it */
    public EventsScreen(Clock clock, ObservableValue<ClusterSession> onScreen, Evidence evidence) {
        this.clock = clock;
        this.evidence = evidence;
        onScreen.addListener((o, old, s) -> events.setFeed(s == null ? null : s.events()));
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Events";
    }

    @Override
    public Ikon icon() {
        return Icons.EVENTS;
    }

    @Override
    protected EventsView build() {
        return new EventsView(events, clock, this::openObjectYaml, this::openEventYaml);
    }

    public EventsViewModel model() {
        return events;
    }

    /** Only the Events about {@code objects}, every other filter cleared ({@code whose} says whose they are). */
    public void showOnly(Set<ObjectReference> objects, String whose) {
        events.clearFilters();
        events.showOnly(objects, whose);
    }

    private void openObjectYaml(EventRecord e) {
        evidence.openYaml(new ObjectRef.Typed(e.kind(), e.namespace().isEmpty() ? null : e.namespace(), e.name()));
    }

    /** An Event's key is {@code namespace/name}. */
    private void openEventYaml(EventRecord e) {
        int slash = e.key().indexOf('/');
        evidence.openYaml(new ObjectRef.OfResource(ApiResource.EVENTS_CORE, e.key().substring(0, slash),
                e.key().substring(slash + 1)));
    }

    @Override
    public void stop() {
        events.close();
        if (built()) {
            view().stop();
        }
    }
}
