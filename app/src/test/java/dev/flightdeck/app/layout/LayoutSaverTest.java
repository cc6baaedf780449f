package dev.flightdeck.app.layout;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A burst of changes is one write of the last one, on the writer's turn; close writes what still waits. */
class LayoutSaverTest {

    private final List<WindowLayout> written = new ArrayList<>();
    private final List<Runnable> due = new ArrayList<>();
    private final List<Duration> delays = new ArrayList<>();
    private final LayoutSaver saver = new LayoutSaver(written::add, (task, after) -> {
        due.add(task);
        delays.add(after);
    }, Duration.ofMillis(500));

    private static WindowLayout screen(String s) {
        return WindowLayout.NONE.withLastScreen("c", s);
    }

    private void runDue() {
        List<Runnable> now = List.copyOf(due);
        due.clear();
        now.forEach(Runnable::run);
    }

    @Test
    void aBurstOfChangesIsOneWriteOfTheLast() {
        for (int i = 0; i < 60; i++) {
            saver.changed(screen("s" + i));
        }
        assertEquals(1, due.size(), "one write asked for");
        assertEquals(List.of(Duration.ofMillis(500)), delays);
        assertEquals(List.of(), written, "nothing written before its turn");
        runDue();
        assertEquals(List.of(screen("s59")), written);

        saver.changed(screen("again"));
        assertEquals(1, due.size(), "a change after the write asks for another");
        runDue();
        assertEquals(List.of(screen("s59"), screen("again")), written);
    }

    @Test
    void closeWritesWhatWaitsAndTakesNoMore() {
        saver.changed(screen("last"));
        saver.close();
        assertEquals(List.of(screen("last")), written);
        saver.changed(screen("after close"));
        runDue();
        assertEquals(List.of(screen("last")), written, "the scheduled write found nothing left");
    }
}
