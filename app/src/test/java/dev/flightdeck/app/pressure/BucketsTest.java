package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** histogram_quantile semantics, worked by hand on small bucket sets. */
class BucketsTest {

    private static final double INF = Double.POSITIVE_INFINITY;

    // 100 observations: 10 up to 0.1 s, 50 more up to 0.5 s, 30 more up to 1 s, 10 above.
    private final Buckets latency = Buckets.of(Map.of(0.1, 10.0, 0.5, 60.0, 1.0, 90.0, INF, 100.0));

    @Test
    void quantilesInterpolateLinearlyWithinTheirBucket() {
        assertEquals(0.05, latency.quantile(0.05), 1e-12);       // rank 5 of the first bucket's 10, from 0
        assertEquals(0.42, latency.quantile(0.5), 1e-12);        // rank 50: 0.1 + 0.4 * 40/50
        assertEquals(1.0, latency.quantile(0.9), 1e-12);         // rank 90 fills the 1 s bucket exactly
        assertEquals(1.0, latency.quantile(0.99), 1e-12);        // in +Inf: the highest finite bound
        assertEquals(100, latency.count());
    }

    @Test
    void noObservationsOrNoInfBucketMeansUnknown() {
        assertTrue(Double.isNaN(Buckets.of(Map.of(0.1, 0.0, INF, 0.0)).quantile(0.99)));
        assertTrue(Double.isNaN(Buckets.of(Map.of(0.1, 3.0, 1.0, 5.0)).quantile(0.99)));
        assertTrue(Double.isNaN(Buckets.EMPTY.quantile(0.5)));
    }

    @Test
    void aBucketReadBeforeTheOneBelowItIsEvenedOut() {
        Buckets torn = Buckets.of(Map.of(0.1, 10.0, 0.5, 8.0, INF, 10.0)); // 0.5 read a moment earlier
        assertEquals(0.05, torn.quantile(0.5), 1e-12);
    }

    @Test
    void theIncreaseIsPerBucketAndAResetTakesTheCurrentCounts() {
        Buckets earlier = Buckets.of(Map.of(0.1, 4.0, 0.5, 50.0, 1.0, 80.0, INF, 90.0));
        assertArrayEquals(new double[] {6, 10, 10, 10}, latency.since(earlier).cumulativeCounts());

        Buckets afterRestart = Buckets.of(Map.of(0.1, 1.0, 0.5, 2.0, 1.0, 2.0, INF, 2.0));
        assertSame(afterRestart, afterRestart.since(latency));
        assertNull(latency.since(Buckets.of(Map.of(0.2, 1.0, INF, 1.0))));
    }

    @Test
    void sumsMergeEqualAndDifferentBounds() {
        assertArrayEquals(new double[] {20, 120, 180, 200}, latency.plus(latency).cumulativeCounts());
        Buckets other = Buckets.of(Map.of(0.25, 5.0, INF, 5.0));
        Buckets merged = latency.plus(other);
        assertArrayEquals(new double[] {0.1, 0.25, 0.5, 1.0, INF}, merged.upperBounds());
        assertEquals(105, merged.count());
    }
}
