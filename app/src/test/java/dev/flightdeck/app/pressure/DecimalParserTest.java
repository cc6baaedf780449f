package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The byte-level number reader must give exactly the double Java's own parser gives. */
class DecimalParserTest {

    private static double parse(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        return DecimalParser.parse(bytes, 0, bytes.length);
    }

    @Test
    void theFormatsSpecialValues() {
        assertEquals(Double.NaN, parse("NaN"));
        assertEquals(Double.POSITIVE_INFINITY, parse("+Inf"));
        assertEquals(Double.NEGATIVE_INFINITY, parse("-Inf"));
        assertEquals(Double.POSITIVE_INFINITY, parse("Inf"));
        assertEquals(-0.0, parse("-0"));
        assertEquals(4.7940865653e+10, parse("4.7940865653e+10"));
        assertEquals(0.059602333000000014, parse("0.059602333000000014"));
    }

    @Test
    void notNumbersAreRefused() {
        for (String bad : new String[] {"", "+", "-", ".", "e5", "1e", "1e+", "1.2.3", "Infinit", "nan1", "1_000", "0x10", "1d", "--1", " 1"}) {
            assertThrows(NumberFormatException.class, () -> parse(bad), bad);
        }
    }

    @Test
    void randomNumbersMatchDoubleParseDoubleBitForBit() {
        Random random = new Random(7);
        for (int i = 0; i < 50_000; i++) {
            String text = switch (i % 4) {
                case 0 -> Double.toString(Double.longBitsToDouble(random.nextLong())); // any double, incl. subnormal
                case 1 -> Long.toString(random.nextLong() >> random.nextInt(64));
                case 2 -> random.nextInt(100_000) + "." + String.format("%0" + (1 + random.nextInt(20)) + "d", Math.abs(random.nextLong() % 1_000_000_000_000L));
                default -> (random.nextBoolean() ? "-" : "") + random.nextInt(1_000_000) + "e" + (random.nextInt(80) - 40);
            };
            if (text.equals("NaN") || text.contains("Infinity")) {
                continue;
            }
            assertEquals(Double.doubleToRawLongBits(Double.parseDouble(text)), Double.doubleToRawLongBits(parse(text)), text);
        }
    }
}
