package dev.flightdeck.app.palette;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FuzzyMatchTest {

    private static int score(String name, String query) {
        return FuzzyMatch.score(name, FuzzyMatch.normalise(query));
    }

    @Test
    void lettersInOrderMatchAndOthersDoNot() {
        assertTrue(score("gpu-node-013", "gn13") > FuzzyMatch.NONE);
        assertTrue(score("training/rlhf-actor rank 5", "rlhf rank 5") > FuzzyMatch.NONE, "spaces are ignored");
        assertEquals(FuzzyMatch.NONE, score("gpu-node-013", "31"), "out of order");
        assertEquals(FuzzyMatch.NONE, score("gpu-node-013", "gpu-node-0134"), "longer than the name");
        assertEquals(FuzzyMatch.NONE, score("fleet", "x"));
        assertEquals(0, score("fleet", ""), "nothing typed matches everything alike");
    }

    @Test
    void theNameItselfThenAPrefixThenWordStartsThenScatteredLetters() {
        int whole = score("fleet", "fleet");
        int prefix = score("fleet-east", "fleet");
        int wordStarts = score("flight-deck-east-enterprise-team", "fdeet");
        int scattered = score("reflective-telemetry", "fleet");
        assertTrue(whole > prefix, whole + " > " + prefix);
        assertTrue(prefix > wordStarts, prefix + " > " + wordStarts);
        assertTrue(wordStarts > scattered, wordStarts + " > " + scattered);
    }

    @Test
    void aWordStartBeatsTheSameLettersInsideWords() {
        assertTrue(score("rank-node", "rn") > score("corner", "rn"));
        // The later word start is taken over an earlier letter inside a word: "n" of "node", not of "rank".
        assertTrue(score("rank-node", "rn") > score("rankxnode", "rn"));
        assertTrue(score("gpu-node-013", "node") > score("gpu-anode-013", "node"));
    }

    @Test
    void aRunBeatsTheSameLettersApart() {
        assertTrue(score("gpu-node-013", "013") > score("gpu-node-0a1b3", "013"));
    }

    @Test
    void ofTwoNamesMatchedAlikeTheShorterIsCloser() {
        assertTrue(score("gpu-node-01", "gpu-node-01") > score("gpu-node-013", "gpu-node-01"));
        assertTrue(score("gpu-node-013", "gpu") > score("gpu-node-013-with-a-long-suffix", "gpu"));
    }

    @Test
    void aWordStartIsNotTakenWhenTheRestWouldNoLongerFit() {
        // "a" at the word start "actor" would leave no "x" after it; the earlier "a" is taken instead.
        assertTrue(score("max-actor", "ax") > FuzzyMatch.NONE);
    }
}
