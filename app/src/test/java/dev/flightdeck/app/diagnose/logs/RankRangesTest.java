package dev.flightdeck.app.diagnose.logs;

import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RankRangesTest {

    @Test
    void ranksAsPeopleWriteThem() {
        assertEquals("rank 5", RankRanges.format(new int[]{5}));
        assertEquals("ranks 0–4, 6–15", RankRanges.format(IntStream.rangeClosed(0, 15).filter(r -> r != 5).toArray()));
        assertEquals("ranks 1, 2, 7", RankRanges.format(new int[]{7, 2, 1, 2}));
        assertEquals("no ranks", RankRanges.format(new int[0]));
        String many = RankRanges.format(IntStream.range(0, 100).map(r -> r * 2).toArray());
        assertEquals("ranks 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, … (100 ranks)", many);
    }
}
