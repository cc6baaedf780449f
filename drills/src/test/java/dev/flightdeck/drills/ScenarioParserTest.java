package dev.flightdeck.drills;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scenario files: the bundled ones read and cover every fault; bad ones are refused with file, line and column. */
class ScenarioParserTest {

    private static final String GOOD = """
            id: tiny
            title: A tiny drill
            level: warm-up
            limit: 15m
            cluster:
              nodes: 8
              gangs:
                - name: llm
                  ranks: 4
                  checkpoint-every: 10m
                  last-checkpoint: 3m
            brief: Pager says llm stalled.
            faults:
              - id: crash
                kind: rank-crash
                target: {gang: llm, rank: 2}
                at: 30s
                detected: [opened]
                mitigated: [resumed-from-newest]
            reference:
              - Resume llm from its newest checkpoint.
            """;

    @Test
    void bundledScenariosReadAndCoverEveryFaultFromAWarmUpToAnIncident() {
        List<Scenario> all = ScenarioCatalog.bundled();
        assertTrue(all.size() >= 8, all.size() + " scenarios");
        Set<FaultKind> covered = EnumSet.noneOf(FaultKind.class);
        all.forEach(s -> s.faults().forEach(f -> covered.add(f.kind())));
        assertEquals(EnumSet.allOf(FaultKind.class), covered, "every fault kind is rehearsed by some scenario");
        assertEquals(Scenario.Level.WARM_UP, all.getFirst().level(), "warm-ups first");
        assertTrue(all.stream().anyMatch(s -> s.level() == Scenario.Level.INCIDENT && s.faults().size() >= 3),
                "a three-fault incident");
        assertEquals(all.size(), all.stream().map(Scenario::id).distinct().count(), "ids are unique");
    }

    @Test
    void aGoodFileReadsToWhatItSays() throws ScenarioError {
        Scenario s = ScenarioParser.parse("tiny.yaml", GOOD);
        assertEquals("tiny", s.id());
        assertEquals(Duration.ofMinutes(15), s.limit());
        assertEquals(new Scenario.Target.RankNode("llm", 2), s.faults().getFirst().target());
        assertEquals(Duration.ofSeconds(30), s.faults().getFirst().at());
        assertEquals("training", s.cluster().gangs().getFirst().namespace());
    }

    @Test
    void errorsSayFileLineAndColumnInWords() {
        assertRefused(GOOD.replace("limit: 15m", "limit: soon"), 4, 8, "limit must be a duration like 90s, 15m or 1h30m, not 'soon'");
        assertRefused(GOOD.replace("kind: rank-crash", "kind: meteor"), 15, 11, "unknown fault kind 'meteor'");
        assertRefused(GOOD.replace("{gang: llm, rank: 2}", "{gang: gpt, rank: 2}"), 16, 20,
                "no gang 'gpt' in the starting cluster; it has [llm]");
        assertRefused(GOOD.replace("{gang: llm, rank: 2}", "{gang: llm, rank: 9}"), 16, 31, "rank must be between 0 and 3, not 9");
        assertRefused(GOOD.replace("title: A tiny drill", "titel: A tiny drill"), 2, 1, "unknown key 'titel' in the scenario");
        assertRefused(GOOD.replace("    at: 30s\n", ""), 14, 5, "fault 'crash' needs exactly one of 'at'");
        assertRefused(GOOD.replace("nodes: 8", "nodes: 2"), 6, 10, "nodes must be between 4 and 512, not 2");
        assertRefused(GOOD.replace("reference:", "  - id: storm\n    kind: apf-storm\n    target: {node: gpu-node-001}\n"
                + "    at: 10s\nreference:"), 22, 13,
                "apf-storm strikes the whole cluster: it takes no target");
        assertRefused("id: [unclosed\n", 2, 1, "not valid YAML");
    }

    @Test
    void goalsAndTimingsThatCouldNeverBeJudgedAreRefused() {
        String storm = GOOD.replace("reference:", "  - id: storm\n    kind: apf-storm\n    at: 10s\n"
                + "    mitigated: [stayed-within-request-budget]\nreference:");
        assertRefused(storm, 20, 5, "stayed-within-request-budget is judged when the storm ends: give the fault 'lasts'");
        assertRefused(GOOD.replace("    at: 30s\n", "    at: 30s\n    lasts: 5m\n"), 18, 12,
                "only apf-storm and checkpoint-store-unreachable lift by themselves");
        assertRefused(GOOD.replace("mitigated: [resumed-from-newest]", "mitigated: [cordoned]"), 19, 17,
                "cordoned is about a node, and rank-crash strikes rank 2 of llm, not its node");
        assertRefused(GOOD.replace("target: {gang: llm, rank: 2}", "target: {gang: llm}")
                .replace("mitigated: [resumed-from-newest]", "mitigated: [drained]"), 19, 17,
                "drained is about a node, and rank-crash strikes gang llm, not its node");
        assertRefused(GOOD.replace("mitigated: [resumed-from-newest]", "mitigated: [out-of-service-before-maintenance]"),
                19, 17, "out-of-service-before-maintenance only judges a maintenance-due fault, not rank-crash");
        assertRefused(GOOD.replace("    detected: [opened]\n    mitigated: [resumed-from-newest]\n", ""), 14, 5,
                "fault 'crash' sets no goal: say at least what counts as detected");
        assertRefused(storm.replace("    at: 10s\n", "    on: cordoned\n").replace("mitigated: [stayed-within-request-budget]",
                "detected: [opened]"), 22, 9, "apf-storm has no target for the operator to act on: give it 'at'");
    }

    @Test
    void aScenarioIsFoundByIdOrFileAndAnUnknownNameSaysWhatThereIs(@TempDir Path dir) throws Exception {
        assertEquals("rank-crash", ScenarioCatalog.find("rank-crash", dir).scenario().id());
        Files.writeString(dir.resolve("mine.yaml"), GOOD);
        assertEquals("tiny", ScenarioCatalog.find("tiny", dir).scenario().id(), "one of the user's, by id");
        assertEquals("tiny", ScenarioCatalog.find(dir.resolve("mine.yaml").toString(), null).scenario().id(), "by file");
        ScenarioCatalog.Entry none = ScenarioCatalog.find("meteor-strike", dir);
        assertFalse(none.ok());
        assertTrue(none.error().getMessage().contains("no scenario 'meteor-strike': there are [apf-storm, rank-crash"),
                none.error().getMessage());
    }

    @Test
    void aBrokenUserFileIsListedAsRefusedAndHidesNothing(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("mine.yaml"), GOOD.replace("ranks: 4", "ranks: lots"));
        Files.writeString(dir.resolve("ok.yaml"), GOOD.replace("id: tiny", "id: mine-ok"));
        List<ScenarioCatalog.Entry> all = ScenarioCatalog.all(dir);
        ScenarioCatalog.Entry broken = all.stream().filter(e -> e.source().endsWith("mine.yaml")).findFirst().orElseThrow();
        assertFalse(broken.ok());
        assertEquals(dir.resolve("mine.yaml") + ":9:14: ranks must be a whole number, not 'lots'", broken.error().getMessage());
        assertTrue(all.stream().anyMatch(e -> e.ok() && e.scenario().id().equals("mine-ok")));
        assertEquals(ScenarioCatalog.bundled().size() + 2, all.size());
    }

    private static void assertRefused(String yaml, int line, int column, String problemStart) {
        ScenarioError e = assertThrows(ScenarioError.class, () -> ScenarioParser.parse("s.yaml", yaml));
        assertTrue(e.problem().startsWith(problemStart), e.getMessage());
        assertEquals(line + ":" + column, e.line() + ":" + e.column(), e.getMessage());
        assertEquals("s.yaml", e.file());
    }
}
