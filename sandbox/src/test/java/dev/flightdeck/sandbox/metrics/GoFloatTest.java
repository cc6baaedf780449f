package dev.flightdeck.sandbox.metrics;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Simulated values print exactly as the real server's Go client prints them. */
class GoFloatTest {

    @Test
    void everyCapturedValuePrintsBackAsTheRealServerPrintedIt() throws Exception {
        List<String> differing = new ArrayList<>();
        int values = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                GoFloatTest.class.getResourceAsStream("/fixtures/kube-apiserver-1.32/apiserver-metrics.txt"),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.startsWith("#") && !line.isEmpty()) {
                    String text = line.substring(line.lastIndexOf(' ') + 1);
                    if (!GoFloat.format(GoFloat.parse(text)).equals(text)) {
                        differing.add(text);
                    }
                    values++;
                }
            }
        }
        assertEquals(List.of(), differing);
        assertTrue(values > 16_000, "values checked: " + values);
    }

    @Test
    void largeCountsUseTheExponentFormFromOneMillion() {
        assertEquals("999999", GoFloat.format(999_999));
        assertEquals("1e+06", GoFloat.format(1_000_000));
        assertEquals("1.234567e+06", GoFloat.format(1_234_567));
        assertEquals("123456.5", GoFloat.format(123_456.5));
        assertEquals("1.5e-05", GoFloat.format(0.000015));
    }
}
