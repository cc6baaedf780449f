package dev.flightdeck.testkit;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AwaitTest {

    @Test
    void returnsOnceTheConditionHoldsReadingItAgainUntilThen() throws InterruptedException {
        AtomicInteger reads = new AtomicInteger();
        Await.until("the third read", Duration.ofMinutes(1), () -> reads.incrementAndGet() == 3);
        assertEquals(3, reads.get(), "read until it held, not once more");
    }

    @Test
    void aConditionThatNeverHoldsFailsNamingWhatWasAwaitedAndTheLastSeen() {
        AtomicInteger reads = new AtomicInteger();
        AssertionError e = assertThrows(AssertionError.class, () -> Await.until(() -> "the queue empty, " + reads.get()
                + " reads", Duration.ofMillis(50), () -> reads.incrementAndGet() < 0));
        assertEquals("not within 50 ms: the queue empty, " + reads.get() + " reads", e.getMessage());
        assertThrows(AssertionError.class, () -> Await.until("never", Duration.ZERO, () -> false));
    }
}
