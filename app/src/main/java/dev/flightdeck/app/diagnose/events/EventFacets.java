package dev.flightdeck.app.diagnose.events;

import java.util.Map;

/**
 * What the Events in a window are about, counted (each map in name order): the choices of the Events screen's filter menus
 * (each reason, object kind and namespace, with how many Events it has), and how many are Warnings.
 */
public record EventFacets(int total, int warnings, int flightdeck, Map<String, Integer> reasons,
                          Map<String, Integer> kinds, Map<String, Integer> namespaces) {

    public EventFacets {
        reasons = sorted(reasons);
        kinds = sorted(kinds);
        namespaces = sorted(namespaces);
    }

    /** In name order, as a menu lists them. */
    private static Map<String, Integer> sorted(Map<String, Integer> counts) {
        return java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(counts));
    }

    static EventFacets of(Iterable<EventRecord> events) {
        java.util.Map<String, Integer> reasons = new java.util.TreeMap<>();
        java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();
        java.util.Map<String, Integer> namespaces = new java.util.TreeMap<>();
        int total = 0;
        int warnings = 0;
        int ours = 0;
        for (EventRecord e : events) {
            total++;
            warnings += e.warning() ? 1 : 0;
            ours += e.flightdeck() ? 1 : 0;
            reasons.merge(e.reason(), 1, Integer::sum);
            kinds.merge(e.kind(), 1, Integer::sum);
            namespaces.merge(e.namespace(), 1, Integer::sum);
        }
        return new EventFacets(total, warnings, ours, reasons, kinds, namespaces);
    }
}
