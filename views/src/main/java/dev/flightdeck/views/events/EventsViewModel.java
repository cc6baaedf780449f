package dev.flightdeck.views.events;

import dev.flightdeck.app.diagnose.events.EventFeed;
import dev.flightdeck.app.diagnose.events.EventFilter;
import dev.flightdeck.app.diagnose.events.EventOrder;
import dev.flightdeck.app.diagnose.events.EventRecord;
import dev.flightdeck.app.diagnose.events.EventScope;
import dev.flightdeck.app.diagnose.events.EventsDelta;
import dev.flightdeck.app.diagnose.events.EventsView;
import dev.flightdeck.app.kube.ObjectReference;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The Events screen: the cluster's Events, newest first (or Warnings first), filtered by type, reason, object kind,
 * namespace, or the objects of one node, pod or gang. The cluster's Events are watched only while the screen shows
 * ({@link #setShowing}); the rows change by the splices the model computed off the FX thread, applied in order, at most
 * once per FX turn however many arrive.
 */
public final class EventsViewModel {

    /** Rows the table holds at most: the newest of what matches. */
    static final int ROWS = 2_000;

    private final Consumer<Runnable> onFx;
    private final ObservableList<EventRecord> rows = FXCollections.observableArrayList();
    private final BooleanProperty warningsOnly = new SimpleBooleanProperty(this, "warningsOnly");
    private final BooleanProperty warningsFirst = new SimpleBooleanProperty(this, "warningsFirst");
    private final ObjectProperty<String> reason = new SimpleObjectProperty<>(this, "reason");
    private final ObjectProperty<String> kind = new SimpleObjectProperty<>(this, "kind");
    private final ObjectProperty<String> namespace = new SimpleObjectProperty<>(this, "namespace");
    private final ObjectProperty<Set<ObjectReference>> objects = new SimpleObjectProperty<>(this, "objects", Set.of());
    private final ReadOnlyStringWrapper objectsLabel = new ReadOnlyStringWrapper(this, "objectsLabel");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ConcurrentLinkedQueue<EventsDelta> arrived = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainPending = new AtomicBoolean();
    private EventFeed feed;
    private EventsView view;
    private boolean showing;
    /** Deltas of an earlier view (another cluster, another filter's reset) are dropped: only this view's count. */
    private Object current = new Object();

    /** @param onFx how deltas reach the FX thread ({@code Platform::runLater}) */
    public EventsViewModel(Consumer<Runnable> onFx) {
        this.onFx = onFx;
        warningsOnly.addListener((o, a, b) -> refilter());
        warningsFirst.addListener((o, a, b) -> refilter());
        reason.addListener((o, a, b) -> refilter());
        kind.addListener((o, a, b) -> refilter());
        namespace.addListener((o, a, b) -> refilter());
        objects.addListener((o, a, b) -> refilter());
    }

    /** The cluster shown now (null: none): its Events from now on. */
    public void setFeed(EventFeed feed) {
        if (this.feed == feed) {
            return;
        }
        close();
        this.feed = feed;
        rows.clear();
        status.set("");
        if (showing) {
            open();
        }
    }

    /** Whether the screen shows: the cluster's Events are watched only while it does. */
    public void setShowing(boolean showing) {
        this.showing = showing;
        if (showing && view == null) {
            open();
        } else if (!showing) {
            close();
        }
    }

    /** Only the Events about these objects (a node's, a pod's, a gang's); {@code label} says whose. Empty: all. */
    public void showOnly(Set<ObjectReference> about, String label) {
        objectsLabel.set(about.isEmpty() ? null : label);
        objects.set(Set.copyOf(about));
    }

    public void clearFilters() {
        warningsOnly.set(false);
        reason.set(null);
        kind.set(null);
        namespace.set(null);
        showOnly(Set.of(), null);
    }

    private EventFilter filter() {
        EventFilter f = EventFilter.ALL.withWarningsOnly(warningsOnly.get())
                .withOrder(warningsFirst.get() ? EventOrder.WARNINGS_FIRST : EventOrder.NEWEST_FIRST)
                .withObjects(objects.get());
        f = reason.get() == null ? f : f.withReasons(Set.of(reason.get()));
        f = kind.get() == null ? f : f.withKinds(Set.of(kind.get()));
        return namespace.get() == null ? f : f.withNamespaces(Set.of(namespace.get()));
    }

    private void open() {
        if (feed == null) {
            return;
        }
        Object mine = new Object();
        current = mine;
        view = feed.open(EventScope.cluster(), filter(), ROWS, delta -> {
            arrived.add(delta);
            if (drainPending.compareAndSet(false, true)) {
                onFx.accept(() -> drain(mine));
            }
        });
    }

    private void drain(Object mine) {
        drainPending.set(false);
        for (EventsDelta d; (d = arrived.poll()) != null; ) {
            if (mine != current) {
                continue;
            }
            d.applyTo(rows);
            status.set(d.matching() + " Events match" + (d.matching() > rows.size() ? ", the newest " + rows.size() + " shown" : "")
                    + " · " + d.held() + " kept from the last hour" + (d.dropped() > 0 ? " · " + d.dropped() + " older let go" : ""));
        }
    }

    private void refilter() {
        if (view != null) {
            view.filter(filter()); // the next delta is a reset with the rows that match
        }
    }

    /** Stops watching for this screen (the feed stops the watch a minute after its last view closes). */
    public void close() {
        current = new Object();
        arrived.clear();
        if (view != null) {
            view.close();
            view = null;
        }
    }

    public ObservableList<EventRecord> rows() {
        return rows;
    }

    public BooleanProperty warningsOnlyProperty() {
        return warningsOnly;
    }

    public BooleanProperty warningsFirstProperty() {
        return warningsFirst;
    }

    public ObjectProperty<String> reasonProperty() {
        return reason;
    }

    public ObjectProperty<String> kindProperty() {
        return kind;
    }

    public ObjectProperty<String> namespaceProperty() {
        return namespace;
    }

    /** Whose Events only are shown ("node gpu-node-013"), or null. */
    public ReadOnlyStringProperty objectsLabelProperty() {
        return objectsLabel.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }
}
