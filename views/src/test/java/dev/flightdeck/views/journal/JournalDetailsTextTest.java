package dev.flightdeck.views.journal;

import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Details for people: facts as lines, saved Kubernetes objects named and given whole as JSON that parses back. */
class JournalDetailsTextTest {

    @TempDir
    Path dir;

    /** The save entry as the screen gets it: written, then read back from the file. */
    private JournalEntry savedEntryReadBack() throws Exception {
        Journal j = TestJournal.write(dir);
        return j.read(Instant.EPOCH, TestJournal.NOW.plusSeconds(1), e -> e.message().startsWith("saved Job"))
                .entries().getFirst();
    }

    @Test
    void savedObjectsAreNamedInOneLineEachAndFactsAreSortedLines() throws Exception {
        List<DetailsText.Line> lines = DetailsText.lines(savedEntryReadBack().details());
        assertEquals(List.of(
                new DetailsText.Line("checkpoint", "s3://ckpt/rlhf-actor/step-4200", false),
                new DetailsText.Line("kind", "Job", false),
                new DetailsText.Line("pods", "2 objects: Pod training/rlhf-actor-0-x7k2p, Pod training/rlhf-actor-1-x7k2p", true),
                new DetailsText.Line("workload", "Job training/rlhf-actor", true)), lines);
    }

    @Test
    void listsOfWordsBecomeOneLineEachAndLongListsOfObjectsSayHowManyMore() {
        Map<String, Object> d = Map.of("plan", List.of("evict a", "evict b"), "empty", List.of(),
                "nodes", List.of(Map.of("kind", "Node", "metadata", Map.of("name", "n1")), Map.of("a", 1),
                        Map.of("a", 1, "b", 2), Map.of("kind", "Node", "metadata", Map.of("name", "n4"))));
        assertEquals(List.of(
                new DetailsText.Line("empty", "none", false),
                new DetailsText.Line("nodes", "4 objects: Node n1, 1 field, 2 fields, and 1 more", true),
                new DetailsText.Line("plan", "evict a\nevict b", false)), DetailsText.lines(d));
    }

    @Test
    void theJsonIsIndentedSortedAndParsesBackToTheSameDetails() throws Exception {
        JournalEntry e = savedEntryReadBack();
        String json = DetailsText.prettyJson(e.details());
        assertTrue(json.startsWith("{\n  \"checkpoint\" : \"s3://ckpt/rlhf-actor/step-4200\",\n  \"kind\" : \"Job\","), json);
        assertTrue(json.contains("\"nvidia.com/gpu\" : 8"), json);
        assertEquals(e.details(), JsonMapper.builder().build().readValue(json, Map.class), "copyable: nothing lost");
        String workload = DetailsText.prettyJson(e.details().get("workload"));
        assertEquals(TestJournal.job(), JsonMapper.builder().build().readValue(workload, Map.class),
                "the saved Job alone, as kubectl can take it back");
        assertEquals("{ }", DetailsText.prettyJson(Map.of()));
    }
}
