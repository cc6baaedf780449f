package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.kube.ObjectReference;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The window's two bounds (count and age), and the filters and orders a screen asks for. */
class EventWindowTest {

    static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");

    static EventRecord event(String name, boolean warning, String reason, String kind, String ns, String object,
                             int secondsAgo) {
        Instant t = NOW.minusSeconds(secondsAgo);
        return new EventRecord(ns + "/" + name, warning, reason, "", reason + " of " + object, kind,
                kind.equals("Node") ? "" : ns, object, "test", 1, t, t);
    }

    static EventRecord at(String name, int secondsAgo) {
        return event(name, false, "Scheduled", "Pod", "training", name, secondsAgo);
    }

    @Test
    void keepsTheNewestWhenFullAndNothingOlderThanItsAge() {
        EventWindow w = new EventWindow(new EventWindow.Limits(3, Duration.ofMinutes(10)));
        List<EventRecord> gone = new ArrayList<>();
        assertTrue(w.upsert(at("a", 300), NOW, gone));
        assertTrue(w.upsert(at("b", 200), NOW, gone));
        assertTrue(w.upsert(at("c", 100), NOW, gone));
        assertFalse(w.upsert(at("old", 400), NOW, gone), "full, and older than all it holds: left out");
        assertTrue(gone.isEmpty());
        assertTrue(w.upsert(at("d", 50), NOW, gone));
        assertEquals(List.of("training/a"), gone.stream().map(EventRecord::key).toList(), "the oldest made room");
        assertFalse(w.upsert(at("ancient", 601), NOW, gone), "older than the window's age");
        assertEquals(3, w.dropped(), "old and ancient left out, a let go");
        assertEquals(List.of("training/b", "training/c", "training/d"), w.all().stream().map(EventRecord::key).toList());

        gone.clear();
        assertTrue(w.upsert(at("b", 10), NOW, gone), "an update of a held Event moves it, it does not count twice");
        assertEquals(3, w.size());
        assertTrue(gone.isEmpty());
        assertEquals(10, Duration.between(w.get("training/b").lastSeen(), NOW).toSeconds());

        List<EventRecord> expired = w.expire(NOW.plusSeconds(530));
        assertEquals(List.of("training/c"), expired.stream().map(EventRecord::key).toList(), "c was last seen 630 s before, d 580 s");
        assertEquals("training/d", w.remove("training/d").key());
        assertNull(w.remove("training/d"));
        assertEquals(1, w.size());
    }

    @Test
    void anUpdateTooOldForTheWindowTakesItsEarlierStateOut() {
        EventWindow w = new EventWindow(new EventWindow.Limits(3, Duration.ofMinutes(10)));
        List<EventRecord> gone = new ArrayList<>();
        w.upsert(at("a", 10), NOW, gone);
        assertFalse(w.upsert(at("a", 900), NOW, gone));
        assertEquals(List.of("training/a"), gone.stream().map(EventRecord::key).toList());
        assertEquals(0, w.size());
    }

    @Test
    void aRelistKeepsTheNewestOfWhatTheServerHolds() {
        EventWindow w = new EventWindow(new EventWindow.Limits(2, Duration.ofHours(1)));
        w.replaceAll(List.of(at("a", 30), at("b", 10), at("c", 20), at("d", 4000)), NOW);
        assertEquals(List.of("training/c", "training/b"), w.all().stream().map(EventRecord::key).toList());
    }

    @Test
    void filtersMatchWhatTheScreenOffers() {
        EventRecord failed = event("f", true, "FailedScheduling", "Pod", "training", "llm-0", 30);
        EventRecord cordon = new EventRecord("default/n.fd", false, "FlightdeckCordon", "Cordon", "cordoned (by sre)",
                "Node", "", "gpu-node-7", "flightdeck", 1, NOW.minusSeconds(5), NOW.minusSeconds(5));
        EventRecord created = event("c", false, "SuccessfulCreate", "Job", "training", "llm", 7200);
        assertTrue(cordon.flightdeck());
        assertFalse(failed.flightdeck());
        EventFilter all = EventFilter.ALL;
        assertTrue(all.matches(created, NOW));
        assertFalse(all.withWarningsOnly(true).matches(cordon, NOW));
        assertTrue(all.withWarningsOnly(true).matches(failed, NOW));
        assertTrue(all.withReasons(Set.of("FlightdeckCordon")).matches(cordon, NOW));
        assertFalse(all.withReasons(Set.of("FlightdeckCordon")).matches(failed, NOW));
        assertTrue(all.withKinds(Set.of("Node")).matches(cordon, NOW));
        assertTrue(all.withNamespaces(Set.of("training")).matches(failed, NOW));
        assertFalse(all.withNamespaces(Set.of("training")).matches(cordon, NOW), "a node's Event is in no namespace");
        assertFalse(all.withSince(Duration.ofHours(1)).matches(created, NOW));
        assertTrue(EventFilter.about(Set.of(ObjectReference.of("Node", "", "gpu-node-7"))).matches(cordon, NOW));
        assertTrue(EventFilter.about(Set.of(new ObjectReference("v1", "Pod", "training", "llm-0", "uid-1", "")))
                .matches(failed, NOW), "a reference with a uid matches by kind, namespace and name");
        assertFalse(EventFilter.about(Set.of(ObjectReference.of("Pod", "other", "llm-0"))).matches(failed, NOW));

        List<EventRecord> three = new ArrayList<>(List.of(created, failed, cordon));
        three.sort(EventOrder.NEWEST_FIRST.comparator());
        assertEquals(List.of(cordon, failed, created), three);
        three.sort(EventOrder.WARNINGS_FIRST.comparator());
        assertEquals(List.of(failed, cordon, created), three);
        three.sort(Comparator.comparing(EventRecord::key));
        assertEquals("default/n.fd", three.getFirst().key());
    }
}
