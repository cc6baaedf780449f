package dev.flightdeck.app.threads;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ThreadNicenessTest {

    @Test
    void lowersTheNamedThreadOnlyAndNeverRaisesAPriority() throws Exception {
        Optional<ThreadNiceness> niceness = ThreadNiceness.linux();
        assumeTrue(niceness.isPresent(), "per-thread nice values are a Linux thing");
        CountDownLatch done = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        Thread probe = Thread.ofPlatform().name("nice-probe").daemon().start(() -> {
            started.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            started.await();
            String me = Thread.currentThread().getName();
            int mine = ThreadNiceness.niceOf(me.length() > 15 ? me.substring(0, 15) : me).orElse(0);

            assertEquals(1, niceness.get().lower(name -> name.equals("nice-probe"), 7));
            assertEquals(Optional.of(7), ThreadNiceness.niceOf("nice-probe"));
            // a lower value would raise its priority back: left as it is
            assertEquals(0, niceness.get().lower(name -> name.equals("nice-probe"), 3));
            assertEquals(Optional.of(7), ThreadNiceness.niceOf("nice-probe"));
            assertEquals(Optional.of(mine), ThreadNiceness.niceOf(me.length() > 15 ? me.substring(0, 15) : me),
                    "a thread the predicate did not name keeps its priority");
        } finally {
            done.countDown();
            probe.join();
        }
    }

    @Test
    void threadsThatEndWhileTheOthersAreReadArePassedOver(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tasks)
            throws Exception {
        // Thirty threads that ended (their directories left without files, as /proc shows a task that is going) and
        // the one looked for: in whatever order the directory lists them, it is found.
        for (int tid = 100; tid < 130; tid++) {
            java.nio.file.Files.createDirectories(tasks.resolve(Integer.toString(tid)));
        }
        java.nio.file.Path probe = java.nio.file.Files.createDirectories(tasks.resolve("200"));
        java.nio.file.Files.writeString(probe.resolve("comm"), "nice-probe\n");
        java.nio.file.Files.writeString(probe.resolve("stat"),
                "200 (nice-probe) S 1 1 1 0 -1 4194368 0 0 0 0 0 0 0 0 39 19 40 0 0 0 0 0 0 0 0 0 0 0 0\n");
        assertEquals(Optional.of(19), ThreadNiceness.niceOf(tasks, "nice-probe"));
        assertEquals(Optional.empty(), ThreadNiceness.niceOf(tasks, "no-such-thread"));
    }

    @Test
    void noThreadOfThatNameHasNoNiceValue() {
        assumeTrue(ThreadNiceness.linux().isPresent(), "per-thread nice values are a Linux thing");
        assertEquals(Optional.empty(), ThreadNiceness.niceOf("no-such-thread"));
    }
}
