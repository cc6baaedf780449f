package dev.flightdeck.app.actions.resume;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ManifestDiffTest {

    private static List<String> lines(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> "line " + i).toList();
    }

    @Test
    void identicalManifestsHaveNoDiff() {
        assertTrue(ManifestDiff.unified(lines(10), lines(10), "a", "b").isEmpty());
    }

    @Test
    void aReplacedLineIsOneHunkWithThreeLinesOfContextRemovalFirst() {
        List<String> after = new java.util.ArrayList<>(lines(10));
        after.set(4, "line five");
        assertEquals(List.of("--- a", "+++ b", "@@ -2,7 +2,7 @@", " line 2", " line 3", " line 4", "-line 5",
                "+line five", " line 6", " line 7", " line 8"), ManifestDiff.unified(lines(10), after, "a", "b"));
    }

    @Test
    void farApartChangesAreSeparateHunksAndAnInsertionCountsOnlyOnTheNewSide() {
        List<String> after = new java.util.ArrayList<>(lines(20));
        after.add(1, "new after 1");
        after.set(19, "changed 19");
        List<String> d = ManifestDiff.unified(lines(20), after, "a", "b");
        assertEquals(List.of("@@ -1,4 +1,5 @@", "@@ -16,5 +17,5 @@"), d.stream().filter(l -> l.startsWith("@@")).toList());
        assertTrue(d.contains("+new after 1"));
        assertTrue(d.contains("-line 19") && d.contains("+changed 19"));
    }
}
