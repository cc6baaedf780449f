package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The corners of the text format that the real captures do not show. */
class ExpositionParserGrammarTest {

    @Test
    void timestampsBlanksCommentsAndTrailingCommas() throws Exception {
        Exposition read = Fixtures.parse("""
                # a free comment
                # TYPEWRITER is a free comment too
                # HELP up Whether the target is up,\\nwith a \\\\ backslash.
                # TYPE up gauge

                up 1 1700000000000
                  up{ job = "api" , } \t 0 -5
                other{a="x"} NaN
                """);

        List<Sample> up = read.samples("up");
        assertEquals("Whether the target is up,\nwith a \\ backslash.", read.family("up").help());
        assertEquals(1700000000000L, up.get(0).timestampMillis());
        assertEquals(Labels.of("job", "api"), up.get(1).labels());
        assertEquals(-5, up.get(1).timestampMillis());
        assertEquals(MetricType.UNTYPED, read.family("other").type());
        assertTrue(Double.isNaN(read.samples("other").getFirst().value()));
    }

    @Test
    void crlfLineEndsAreTolerated() throws Exception {
        Exposition read = Fixtures.parse("# TYPE a counter\r\na 3\r\n");
        assertEquals(3, read.samples("a").getFirst().value());
    }

    @Test
    void histogramSamplesFindTheirFamilyEvenWhenSplitByAnother() throws Exception {
        Exposition read = Fixtures.parse("""
                # TYPE h histogram
                h_bucket{le="1"} 2
                # TYPE g gauge
                g 7
                h_bucket{le="+Inf"} 3
                h_count 3
                """);

        assertEquals(List.of("h_bucket", "h_bucket", "h_count"), read.samples("h").stream().map(Sample::name).toList());
        assertFalse(read.has("h_bucket"));
    }

    @Test
    void aCounterNamedLikeAHistogramSuffixStaysItsOwnFamily() throws Exception {
        Exposition read = Fixtures.parse("""
                # TYPE x gauge
                x 1
                x_count 2
                """);

        assertEquals(1, read.samples("x").size());
        assertEquals(MetricType.UNTYPED, read.family("x_count").type());
    }
}
