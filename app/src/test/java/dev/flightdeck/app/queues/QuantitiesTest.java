package dev.flightdeck.app.queues;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class QuantitiesTest {

    @Test
    void kubernetesQuantitiesAsNumbers() {
        assertEquals(0, new BigDecimal("16").compareTo(Quantities.parse("16")));
        assertEquals(0, new BigDecimal("0.5").compareTo(Quantities.parse("500m")));
        assertEquals(0, BigDecimal.valueOf(64L << 30).compareTo(Quantities.parse("64Gi")));
        assertEquals(0, new BigDecimal("2000").compareTo(Quantities.parse("2e3")));
        assertEquals(0, new BigDecimal("1000").compareTo(Quantities.parse("1k")));
        assertNull(Quantities.parse("1Gb"));
        assertNull(Quantities.parse("Gi"));
        assertNull(Quantities.parse(""));
        assertEquals("16", Quantities.plain(new BigDecimal("16.000")));
    }

    @Test
    void gpusAreWholeNumbersAndSaidInWords() {
        assertEquals(8, Quantities.wholeGpus("8"));
        assertEquals(0, Quantities.wholeGpus("0.5"));
        assertEquals(0, Quantities.wholeGpus("-2"));
        assertEquals("32 GPUs", Quantities.words("32", "nvidia.com/gpu"));
        assertEquals("1 GPU", Quantities.words("1", "nvidia.com/gpu"));
        assertEquals("64 cpu", Quantities.words("64", "cpu"));
    }
}
