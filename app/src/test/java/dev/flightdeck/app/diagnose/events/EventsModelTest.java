package dev.flightdeck.app.diagnose.events;

import dev.flightdeck.app.MutableClock;
import dev.flightdeck.app.watch.WatchEvent;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static dev.flightdeck.app.diagnose.events.EventWindowTest.NOW;
import static dev.flightdeck.app.diagnose.events.EventWindowTest.at;
import static dev.flightdeck.app.diagnose.events.EventWindowTest.event;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The live list a screen shows: each view's deltas, applied in order, give exactly the sorted,
 * filtered, limited rows a fresh snapshot gives; a new filter is a reset; the window's bounds hold.
 */
class EventsModelTest {

    /** A screen's list, kept by applying the deltas as a screen would. */
    static final class Screen {
        final List<EventRecord> rows = new ArrayList<>();
        final List<EventsDelta> deltas = new CopyOnWriteArrayList<>();

        void accept(EventsDelta d) {
            deltas.add(d);
            synchronized (rows) {
                d.applyTo(rows);
            }
        }

        List<EventRecord> rows() {
            synchronized (rows) {
                return List.copyOf(rows);
            }
        }
    }

    @Test
    void deltasKeepAScreensRowsEqualToTheSortedFilteredWindow() throws Exception {
        MutableClock clock = new MutableClock(NOW);
        try (EventsModel model = new EventsModel("test", new EventWindow.Limits(50, Duration.ofHours(1)), clock)) {
            Screen all = new Screen();
            Screen warnings = new Screen();
            EventFilter warningsFirst = EventFilter.ALL.withOrder(EventOrder.WARNINGS_FIRST);
            model.open(EventFilter.ALL, 10, all::accept);
            EventsView w = model.open(EventFilter.ALL.withWarningsOnly(true), 5, warnings::accept);
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            model.sink().accept(new WatchEvent.Relisted<>(List.of(at("a", 100), at("b", 90))));
            assertTrue(model.awaitListed(5, TimeUnit.SECONDS));
            java.util.Random random = new java.util.Random(7);
            for (int i = 0; i < 400; i++) {
                String name = "e" + random.nextInt(80);
                int r = random.nextInt(10);
                WatchEvent<EventRecord> change = r < 7
                        ? new WatchEvent.Upserted<>(event(name, r < 3, r < 3 ? "BackOff" : "Pulled", "Pod", "training",
                        "p" + random.nextInt(5), random.nextInt(3000)))
                        : new WatchEvent.Deleted<>(at(name, 0));
                model.sink().accept(change);
                if (i % 37 == 0) {
                    assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
                }
                if (i == 200) {
                    w.filter(warningsFirst);
                }
            }
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertEquals(model.snapshot(EventFilter.ALL, 10), all.rows());
            assertEquals(model.snapshot(warningsFirst, 5), warnings.rows());
            assertTrue(all.deltas.getFirst().reset());
            assertTrue(all.deltas.stream().skip(1).anyMatch(d -> !d.reset()), "later changes come as splices");
            assertEquals(3, warnings.deltas.stream().filter(EventsDelta::reset).count(),
                    "the first delta, the relist and the new filter are resets; the rest are splices");
            EventsDelta last = all.deltas.getLast();
            assertEquals(model.sizeAndDropped()[0], last.held());
            assertTrue(last.held() <= 50);
            EventFacets f = model.facets();
            assertEquals(last.held(), f.total());
            assertTrue(f.reasons().keySet().containsAll(Set.of("BackOff", "Pulled")), f.reasons().toString());
        }
    }

    @Test
    void eventsAgeOutOnTheTickAndAViewOfTheLastHourFollowsTheClock() throws Exception {
        MutableClock clock = new MutableClock(NOW);
        try (EventsModel model = new EventsModel("age", new EventWindow.Limits(100, Duration.ofHours(1)), clock)) {
            Screen recent = new Screen();
            model.open(EventFilter.ALL.withSince(Duration.ofMinutes(10)), 100, recent::accept);
            model.sink().accept(new WatchEvent.Relisted<>(List.of(at("new", 60), at("mid", 500), at("old", 3000))));
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertEquals(List.of("training/new", "training/mid"), recent.rows().stream().map(EventRecord::key).toList());
            clock.advance(Duration.ofMinutes(9));
            model.tick();
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertEquals(List.of("training/new"), recent.rows().stream().map(EventRecord::key).toList());
            assertEquals(3, model.sizeAndDropped()[0]);
            clock.advance(Duration.ofMinutes(20));
            model.tick();
            assertTrue(model.awaitFolded(5, TimeUnit.SECONDS));
            assertEquals(2, model.sizeAndDropped()[0], "old was last seen 3000 s + 29 min ago: out of the hour");
        }
    }
}
