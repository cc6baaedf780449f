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
    void noThreadOfThatNameHasNoNiceValue() {
        assumeTrue(ThreadNiceness.linux().isPresent(), "per-thread nice values are a Linux thing");
        assertEquals(Optional.empty(), ThreadNiceness.niceOf("no-such-thread"));
    }
}
