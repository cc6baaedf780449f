package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.kube.ObjectReference;

import java.time.Duration;
import java.time.Instant;
import java.util.Set;

/**
 * Which Events a list shows, and in which order: the Events screen's filters (Warnings only or first,
 * reasons, object kinds, namespaces, how recent) and a detail's objects (a node; a pod; a gang's
 * workload object and its ranks' pods). An empty set means "any". Immutable: a screen makes a new one
 * with a {@code with…} method and hands it to its view.
 *
 * @param objects Events about these objects only (matched by kind, namespace and name)
 * @param since   last seen within this long before now; null: the whole window
 */
public record EventFilter(boolean warningsOnly, Set<String> reasons, Set<String> kinds, Set<String> namespaces,
                          Set<ObjectReference> objects, Duration since, EventOrder order) {

    public static final EventFilter ALL = new EventFilter(false, Set.of(), Set.of(), Set.of(), Set.of(), null,
            EventOrder.NEWEST_FIRST);

    public EventFilter {
        reasons = Set.copyOf(reasons);
        kinds = Set.copyOf(kinds);
        namespaces = Set.copyOf(namespaces);
        objects = objects.stream().map(o -> ObjectReference.of(o.kind(), o.namespace(), o.name()))
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
        order = order == null ? EventOrder.NEWEST_FIRST : order;
    }

    /** The Events about these objects. */
    public static EventFilter about(Set<ObjectReference> objects) {
        return ALL.withObjects(objects);
    }

    public boolean matches(EventRecord e, Instant now) {
        return (!warningsOnly || e.warning())
                && (reasons.isEmpty() || reasons.contains(e.reason()))
                && (kinds.isEmpty() || kinds.contains(e.kind()))
                && (namespaces.isEmpty() || namespaces.contains(e.namespace()))
                && (objects.isEmpty() || objects.contains(e.regarding()))
                && (since == null || !e.lastSeen().isBefore(now.minus(since)));
    }

    public EventFilter withWarningsOnly(boolean only) {
        return new EventFilter(only, reasons, kinds, namespaces, objects, since, order);
    }

    public EventFilter withReasons(Set<String> r) {
        return new EventFilter(warningsOnly, r, kinds, namespaces, objects, since, order);
    }

    public EventFilter withKinds(Set<String> k) {
        return new EventFilter(warningsOnly, reasons, k, namespaces, objects, since, order);
    }

    public EventFilter withNamespaces(Set<String> n) {
        return new EventFilter(warningsOnly, reasons, kinds, n, objects, since, order);
    }

    public EventFilter withObjects(Set<ObjectReference> o) {
        return new EventFilter(warningsOnly, reasons, kinds, namespaces, o, since, order);
    }

    public EventFilter withSince(Duration s) {
        return new EventFilter(warningsOnly, reasons, kinds, namespaces, objects, s, order);
    }

    public EventFilter withOrder(EventOrder o) {
        return new EventFilter(warningsOnly, reasons, kinds, namespaces, objects, since, o);
    }
}
