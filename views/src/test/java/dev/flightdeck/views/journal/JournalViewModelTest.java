package dev.flightdeck.views.journal;

import dev.flightdeck.app.journal.IncidentTimeline;
import dev.flightdeck.app.journal.Journal;
import dev.flightdeck.app.journal.JournalEntry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Queue;

import static dev.flightdeck.views.journal.TestJournal.CLOCK;
import static dev.flightdeck.views.journal.TestJournal.NOW;
import static dev.flightdeck.views.journal.TestJournal.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The journal screen's state without a scene; both executors run at once, so each read is done on return. */
class JournalViewModelTest {

    @TempDir
    Path dir;
    private Journal journal;
    private JournalViewModel vm;

    @BeforeEach
    void setUp() throws Exception {
        journal = TestJournal.write(dir.resolve("journal"));
        vm = new JournalViewModel(journal, CLOCK, Runnable::run, Runnable::run);
        vm.refresh();
    }

    private List<String> messages() {
        return vm.shownEntries().stream().map(JournalEntry::message).toList();
    }

    private List<String> targets() {
        return vm.shownEntries().stream().map(JournalEntry::target).distinct().toList();
    }

    @Test
    void showsTheLast24HoursNewestFirst() {
        assertEquals(RangePreset.LAST_24_HOURS, vm.rangeProperty().get().preset());
        List<JournalEntry> shown = vm.shownEntries();
        assertEquals(16, shown.size(), "all but the uncordon four days ago: " + messages());
        assertEquals("resumed training/rlhf-actor from step 4200: 2 of 2 pods running", shown.getFirst().message());
        assertEquals("cordoned gpu-node-017: XID 79 seen twice", shown.getLast().message());
        for (int i = 1; i < shown.size(); i++) {
            assertTrue(!shown.get(i).at().isAfter(shown.get(i - 1).at()), "newest first at " + i);
        }
        assertTrue(vm.statusProperty().get().startsWith("Showing 16 of 16 entries, 2026-11-21 14:20:00 to"),
                vm.statusProperty().get());
        assertNull(vm.problemProperty().get());
        assertNull(vm.unreadableTextProperty().get());
    }

    @Test
    void filtersByNode() {
        vm.filterToNode("gpu-node-017");
        assertEquals(List.of("node/gpu-node-017"), targets());
        assertEquals(7, vm.shownEntries().size(), "the drain's six lines and yesterday's cordon: " + messages());

        vm.targetFilterProperty().set("gpu-node-031");
        assertEquals(List.of("node/gpu-node-031"), targets(), "a bare name finds the node too");

        vm.targetFilterProperty().set("gpu-node-01");
        assertEquals(List.of(), vm.shownEntries(), "a name is not a prefix: gpu-node-01 is not gpu-node-017");
        assertEquals("No entry in this range matches the filters. Press Escape to clear them.",
                vm.emptyTextProperty().get());
    }

    @Test
    void filtersByGang() {
        vm.filterToGang("training", "rlhf-actor");
        assertEquals(List.of("gang/training/rlhf-actor"), targets());
        assertEquals(5, vm.shownEntries().size());

        vm.targetFilterProperty().set("gang/training");
        assertEquals(List.of("gang/training/rlhf-actor"), targets(), "a namespace finds its gangs");
        vm.filterToGang("training", "rlhf");
        assertEquals(List.of(), vm.shownEntries());
    }

    @Test
    void filtersByActionAndContextAndOffersWhatTheRangeHolds() {
        assertEquals(List.of("cordon", "drain", "preflight", "resume"), vm.actions());
        assertEquals(List.of("prod-east", "prod-west"), vm.contexts());

        vm.actionFilterProperty().set("preflight");
        assertEquals(List.of("node/gpu-node-031"), targets());
        assertEquals(4, vm.shownEntries().size());

        vm.clearFilters();
        vm.contextFilterProperty().set("prod-west");
        assertEquals(List.of("gang/training/rlhf-actor"), targets());

        vm.contextFilterProperty().set("prod-east");
        vm.actionFilterProperty().set("resume");
        assertEquals(List.of(), vm.shownEntries(), "filters combine");
    }

    @Test
    void searchLooksInTheDetailsToo() {
        vm.searchTextProperty().set("rlhf-actor-1-x7k2p");
        assertEquals(List.of("saved Job training/rlhf-actor and its 2 pods before deleting them, to resume from "
                + "s3://ckpt/rlhf-actor/step-4200"), messages(), "a pod name only the saved objects hold");
        vm.searchTextProperty().set("XID   gpu");
        assertEquals(List.of("confirmed: drain gpu-node-017 — XID 79 on GPU 3", "cordoned gpu-node-017: XID 79 seen twice"),
                messages(), "every word, any case");
    }

    @Test
    void timeRangePresetsAndCustom() {
        vm.presetProperty().set(RangePreset.LAST_HOUR);
        assertEquals(NOW.minusSeconds(3600).plusMillis(1), vm.rangeProperty().get().from());
        assertEquals(15, vm.shownEntries().size(), "yesterday's cordon is out: " + messages());

        vm.presetProperty().set(RangePreset.LAST_7_DAYS);
        assertEquals(17, vm.shownEntries().size(), "the uncordon four days ago is in");

        vm.setCustomRange(at("14:00:00"), at("14:10:00"));
        assertEquals(RangePreset.CUSTOM, vm.presetProperty().get());
        assertEquals(List.of("preflight", "drain"), vm.shownEntries().stream().map(JournalEntry::action).distinct().toList());
        assertEquals(5, vm.shownEntries().size(), "the drain's outcome and the preflight: " + messages());

        vm.setCustomRange(at("14:12:00"), at("14:12:30"));
        assertEquals(List.of("resume/plan"),
                vm.shownEntries().stream().map(e -> e.action() + "/" + e.phase()).toList(), "from included, to excluded");

        vm.setCustomRange(Instant.parse("2026-11-01T00:00:00Z"), Instant.parse("2026-11-02T00:00:00Z"));
        assertTrue(vm.emptyTextProperty().get().startsWith("Nothing in the journal from 2026-11-01 00:00:00 to "
                + "2026-11-02 00:00:00 UTC."), vm.emptyTextProperty().get());
    }

    @Test
    void aTornLineIsCountedAndTheRestShown() throws Exception {
        TestJournal.tear(journal, NOW);
        vm.refresh();
        assertEquals(1, vm.unreadableLinesProperty().get());
        assertEquals(16, vm.shownEntries().size(), "every whole line still shown");
        String text = vm.unreadableTextProperty().get();
        assertTrue(text.startsWith("1 line of the journal files read could not be read"), text);
        assertTrue(text.contains(journal.directory().toString()), text);
    }

    @Test
    void exportWritesTheIncidentTimelineOfExactlyTheShownEntries() throws Exception {
        vm.filterToNode("gpu-node-017");
        vm.actionFilterProperty().set("drain");
        Path file = dir.resolve("timeline.md");
        vm.exportTo(file);

        var range = vm.rangeProperty().get();
        List<JournalEntry> drain = journal.read(range.from(), range.to(),
                e -> e.target().equals("node/gpu-node-017") && e.action().equals("drain")).entries();
        assertEquals(6, drain.size());
        String expected = IncidentTimeline.markdown("Flightdeck journal: node/gpu-node-017, drain", range.from(),
                range.to(), drain);
        assertEquals(expected, Files.readString(file, StandardCharsets.UTF_8));
        assertEquals(expected, vm.timelineMarkdown());
        assertTrue(expected.contains("| " + TestJournal.DRAIN_OUTCOME + " | 112.0 s |"), expected);
        assertEquals(drain.stream().sorted(Comparator.comparing(JournalEntry::at).reversed()).toList(),
                vm.shownEntries(), "the table shows the same entries, newest first");
    }

    @Test
    void anEmptyJournalSaysWhereItLives() {
        Path empty = dir.resolve("nothing-yet");
        JournalViewModel fresh = new JournalViewModel(new Journal(empty), CLOCK, Runnable::run, Runnable::run);
        fresh.refresh();
        assertTrue(fresh.journalEmptyProperty().get());
        assertEquals("The journal is empty. Flightdeck writes every drain, cordon, preflight and resume to " + empty
                + " — they will appear here.", fresh.emptyTextProperty().get());
    }

    @Test
    void refreshShowsANewEntryAndKeepsTheSelection() throws Exception {
        JournalEntry outcome = vm.shownEntries().stream().filter(e -> e.message().equals(TestJournal.DRAIN_OUTCOME))
                .findFirst().orElseThrow();
        vm.selectedProperty().set(outcome);
        journal.append(TestJournal.PROD_EAST.entry(NOW, "uncordon", "outcome", "node/gpu-node-017",
                "uncordoned gpu-node-017", Map.of(), 120));
        vm.refresh();
        assertEquals("uncordoned gpu-node-017", vm.shownEntries().getFirst().message(), "an entry written at this instant");
        assertEquals(outcome, vm.selectedProperty().get());
        assertTrue(vm.shownEntries().stream().anyMatch(e -> e == vm.selectedProperty().get()),
                "the selection is the newly read entry, so the table can select it");
    }

    @Test
    void aFilterThatHidesTheSelectedEntryClosesItsDetails() {
        vm.selectedProperty().set(vm.shownEntries().getFirst());
        vm.actionFilterProperty().set("drain");
        assertNull(vm.selectedProperty().get());
    }

    @Test
    void aReadThatFinishesAfterANewerOneIsDropped() throws Exception {
        Queue<Runnable> pending = new ArrayDeque<>();
        JournalViewModel slow = new JournalViewModel(journal, CLOCK, pending::add, Runnable::run);
        slow.refresh();
        Runnable older = pending.remove();
        slow.setCustomRange(at("14:12:00"), at("14:13:00"));
        Runnable newer = pending.remove();
        assertTrue(slow.readingProperty().get());
        newer.run();
        older.run();
        assertEquals(4, slow.shownEntries().size(), "the custom range's resume lines, not the older 24 h read");
        assertTrue(!slow.readingProperty().get());
    }

    @Test
    void aReadThatFailsSaysWhyInWords() throws Exception {
        Path broken = dir.resolve("broken");
        Files.createDirectories(broken.resolve("2026-11-22.jsonl")); // a directory where a day file should be
        JournalViewModel failing = new JournalViewModel(new Journal(broken), CLOCK, Runnable::run, Runnable::run);
        failing.refresh();
        String problem = failing.problemProperty().get();
        assertTrue(problem.startsWith("Cannot read the journal in " + broken + ": "), problem);
        assertTrue(!problem.contains("Exception") && !problem.contains("\tat "), "no stack trace: " + problem);
        assertEquals(List.of(), failing.shownEntries());
    }
}
