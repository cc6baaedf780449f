package dev.flightdeck.app.pressure;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Any label value, escaped as a server writes it, must read back unchanged. */
class LabelEscapingRoundTripTest {

    private static final String[] PIECES = {
        "\"", "\\", "\n", "\\n", "\\\"", "\"\"", "}", "{", ",", "=", " ", "\t", "#", "le", "é", "日本", "\uD83D\uDE80", "ß",
        "a", "Z", "0", "_", "/", "+Inf", "NaN", "",
    };

    private static String randomValue(Random random) {
        StringBuilder value = new StringBuilder();
        int pieces = random.nextInt(8);
        for (int i = 0; i < pieces; i++) {
            if (random.nextInt(4) == 0) {
                value.appendCodePoint(0x20 + random.nextInt(0x2FFF)); // anything printable-ish, BMP
            } else {
                value.append(PIECES[random.nextInt(PIECES.length)]);
            }
        }
        return value.toString();
    }

    @Test
    void fiveThousandRandomLabelSetsRoundTrip() throws Exception {
        Random random = new Random(42);
        StringBuilder body = new StringBuilder();
        List<Labels> written = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            Labels labels = Labels.of("a", randomValue(random), "b_" + i, randomValue(random));
            written.add(labels);
            body.append(ExpositionText.sampleLine("m", labels, i));
        }
        Exposition read = ExpositionParser.parse(body.toString().getBytes(StandardCharsets.UTF_8), FamilyFilter.ALL);

        List<Sample> samples = read.samples("m");
        assertEquals(written.size(), samples.size());
        for (int i = 0; i < samples.size(); i++) {
            assertEquals(written.get(i), samples.get(i).labels(), "line " + (i + 1));
            assertEquals(i, samples.get(i).value());
        }
    }
}
