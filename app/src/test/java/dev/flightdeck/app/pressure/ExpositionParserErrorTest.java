package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

/** Garbled, truncated and empty bodies: one checked exception naming the line and the fault, never a partial result. */
class ExpositionParserErrorTest {

    private static String errorOf(String body) {
        return errorOf(body.getBytes(StandardCharsets.UTF_8), FamilyFilter.ALL);
    }

    private static String errorOf(byte[] body, FamilyFilter filter) {
        MalformedResponseException e = assertThrows(MalformedResponseException.class, () -> ExpositionParser.parse(body, filter));
        return e.getMessage();
    }

    @Test
    void aBodyCutOffMidLineIsTruncated() {
        byte[] body = Fixtures.bytes(Fixtures.METRICS);
        byte[] cut = Arrays.copyOf(body, body.length / 2);
        int completeLines = 0;
        for (byte b : cut) {
            completeLines += b == '\n' ? 1 : 0;
        }
        assertEquals("line " + (completeLines + 1) + ": the body ends in the middle of this line (truncated?)",
                errorOf(cut, ApiServerMetrics.FILTER));
    }

    @Test
    void aBodyCutOffMidLineIsTruncatedWhenStreamedToo() {
        byte[] cut = "a 1\nb{x=\"1\"} 2\nc{x=".getBytes(StandardCharsets.UTF_8);
        MalformedResponseException e = assertThrows(MalformedResponseException.class,
                () -> ExpositionParser.parse(new ByteArrayInputStream(cut), FamilyFilter.ALL));
        assertEquals(3, e.line());
        assertEquals("the body ends in the middle of this line (truncated?)", e.problem());
    }

    @Test
    void aSampleWithoutAValueNamesTheLineEvenInAFamilyTheFilterSkips() {
        String[] lines = Fixtures.text(Fixtures.METRICS).split("\n");
        String line812 = lines[811]; // apiserver_flowcontrol_demand_seats_bucket{priority_level="system",le="6"} 4.79e+10
        lines[811] = line812.substring(0, line812.indexOf('}') + 1);
        byte[] garbled = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);

        assertEquals("line 812: expected a value after the labels", errorOf(garbled, ApiServerMetrics.FILTER));
    }

    @Test
    void eachKindOfFaultIsNamed() {
        assertEquals("line 2: expected a value after the metric name", errorOf("a 1\nb\n"));
        assertEquals("line 1: expected a value after the labels", errorOf("a{x=\"1\"}   \n"));
        assertEquals("line 1: invalid escape '\\q' in the value of label 'x' (only \\\\, \\\" and \\n are allowed)",
                errorOf("a{x=\"p\\q\"} 1\n"));
        assertEquals("line 1: the value of label 'x' has no closing quote", errorOf("a{x=\"open} 1\n"));
        assertEquals("line 1: the value of label 'x' has no closing quote", errorOf("a{x=\"ends in backslash\\\n"));
        assertEquals("line 1: '12abc' is not a number", errorOf("a 12abc\n"));
        assertEquals("line 1: '0x1p3' is not a number", errorOf("a 0x1p3\n"));
        assertEquals("line 1: 'now' is not a timestamp (integer milliseconds)", errorOf("a 1 now\n"));
        assertEquals("line 1: unexpected 'x' after the timestamp", errorOf("a 1 1700000000000 x\n"));
        assertEquals("line 1: the labels are not closed (no '}')", errorOf("a{x=\"1\" 1\n".replace("\" 1", "\"")));
        assertEquals("line 1: expected ',' or '}' after the value of label 'x', found '1'", errorOf("a{x=\"1\" 1\n"));
        assertEquals("line 1: expected '=' after label 'x', found ':'", errorOf("a{x:\"1\"} 1\n"));
        assertEquals("line 1: expected a quoted value for label 'x', found '1'", errorOf("a{x=1} 1\n"));
        assertEquals("line 1: expected a label name, found '\"'", errorOf("a{\"x\"=\"1\"} 1\n"));
        assertEquals("line 1: unexpected '-' after the metric name", errorOf("a-b 1\n"));
        assertEquals("line 1: expected a metric name, found '{'", errorOf("{x=\"1\"} 1\n"));
        assertEquals("line 1: unknown metric type 'countr' (counter, gauge, histogram, summary or untyped)",
                errorOf("# TYPE a countr\na 1\n"));
        assertEquals("line 3: a second TYPE line for 'a'", errorOf("# TYPE a gauge\na 1\n# TYPE a gauge\n"));
        assertEquals("line 2: the TYPE line for 'a' comes after its samples", errorOf("a 1\n# TYPE a gauge\n"));
        assertEquals("line 1: the value of label 'x' is not valid UTF-8",
                errorOf(new byte[] {'a', '{', 'x', '=', '"', (byte) 0xC3, '"', '}', ' ', '1', '\n'}, FamilyFilter.ALL));
    }

    @Test
    void emptyAndSampleFreeBodiesAreRefused() {
        assertEquals("line 1: the body is empty", errorOf(""));
        assertEquals("line 3: the body holds no samples", errorOf("# HELP a x\n# TYPE a gauge\n\n"));
    }

    @Test
    void binaryGarbageNamesItsFirstByte() {
        assertEquals("line 1: expected a metric name, found byte 0x89",
                errorOf(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}, FamilyFilter.ALL));
    }

    @Test
    void randomBytesNeverEscapeAsAnythingButAMalformedResponse() {
        Random random = new Random(20240611);
        byte[] real = Fixtures.bytes(Fixtures.METRICS_APF_429);
        int refused = 0;
        for (int round = 0; round < 2_000; round++) {
            byte[] body;
            if (round % 2 == 0) {
                body = new byte[random.nextInt(200)];
                random.nextBytes(body);
            } else { // a real body with a few bytes flipped: the garbage hides among good lines
                body = Arrays.copyOf(real, 2_000 + random.nextInt(4_000));
                for (int flips = 0; flips < 3; flips++) {
                    body[random.nextInt(body.length)] = (byte) random.nextInt(256);
                }
                body[body.length - 1] = '\n';
            }
            try {
                ExpositionParser.parse(body, round % 4 < 2 ? FamilyFilter.ALL : ApiServerMetrics.FILTER);
            } catch (MalformedResponseException expected) {
                refused++;
            } catch (RuntimeException e) {
                fail("round " + round + " crashed the parser: " + e, e);
            }
        }
        assertEquals(true, refused > 1_000, "most garbage must be refused, was " + refused);
    }
}
