package dev.flightdeck.app.palette;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PaletteIndexTest {

    private static final GangKey RLHF = new GangKey(GangSystem.values()[0], "training", "rlhf-actor");
    private static final GangKey PRETRAIN = new GangKey(GangSystem.values()[0], "training", "pretrain-70b");

    private static PaletteIndex index() {
        List<PaletteEntry> all = new ArrayList<>();
        all.add(PaletteEntries.screen("fleet", "Fleet"));
        all.add(PaletteEntries.screen("nodes", "Nodes"));
        all.add(PaletteEntries.screen("gangs", "Gangs"));
        all.add(PaletteEntries.screen("journal", "Journal"));
        all.add(PaletteEntry.goTo(new Target.Cluster("prod-east"), "prod-east", null, "cluster"));
        all.add(PaletteEntry.goTo(new Target.Cluster("sandbox"), "sandbox", null, "cluster"));
        for (int i = 0; i < 64; i++) {
            String n = "gpu-node-%03d".formatted(i);
            all.add(PaletteEntry.goTo(new Target.Node("sandbox", n), n, null, "node"));
        }
        all.add(PaletteEntry.goTo(new Target.Node("prod-east", "gpu-node-013"), "gpu-node-013", null, "node"));
        all.add(PaletteEntry.goTo(new Target.Gang("sandbox", RLHF), "training/rlhf-actor", null, "gang"));
        all.add(PaletteEntry.goTo(new Target.Gang("sandbox", PRETRAIN), "training/pretrain-70b", null, "gang"));
        for (int r = 0; r < 16; r++) {
            all.add(PaletteEntry.goTo(new Target.Rank("sandbox", RLHF, r, "rlhf-actor-worker-" + r),
                    "training/rlhf-actor rank " + r, "rlhf-actor-worker-" + r, "rank"));
        }
        return new PaletteIndex(all);
    }

    private static PaletteEntry node(String cluster, String name) {
        return PaletteEntry.goTo(new Target.Node(cluster, name), name, null, "node");
    }

    private static List<String> texts(List<PaletteIndex.Match> matches) {
        return matches.stream().map(m -> m.entry().text()).toList();
    }

    @Test
    void aScreenByItsName() {
        var found = index().rank("fleet", RecentChoices.Snapshot.NONE, 10);
        assertEquals(new Target.Screen("fleet"), found.getFirst().entry().target());
        assertEquals("screen", found.getFirst().entry().kind());
    }

    @Test
    void aVerbFirstOffersItDoneToTheObjectsItAppliesTo() {
        var found = index().rank("drain gpu-node-013", RecentChoices.Snapshot.NONE, 10);
        assertEquals(2, found.size(), texts(found).toString()); // gpu-node-013 in each cluster
        for (var m : found) {
            assertEquals(Verb.DRAIN, m.entry().verb());
            assertEquals("drain gpu-node-013", m.entry().text());
            assertTrue(m.entry().target() instanceof Target.Node);
        }
        assertEquals(new Target.Node("sandbox", "gpu-node-013"), found.getFirst().entry().target());
    }

    @Test
    void logsOfAGangRankFindTheRankFirst() {
        var found = index().rank("logs training/rlhf-actor rank 5", RecentChoices.Snapshot.NONE, 10);
        assertEquals("logs training/rlhf-actor rank 5", found.getFirst().entry().text());
        assertEquals(new Target.Rank("sandbox", RLHF, 5, "rlhf-actor-worker-5"), found.getFirst().entry().target());
        // Nodes are not offered to "logs": only gangs and ranks have logs.
        assertTrue(index().rank("logs gpu-node", RecentChoices.Snapshot.NONE, 10).stream()
                .noneMatch(m -> m.entry().target() instanceof Target.Node));
    }

    @Test
    void aRankByItsPodName() {
        var found = index().rank("yaml worker-7", RecentChoices.Snapshot.NONE, 5);
        assertEquals(new Target.Rank("sandbox", RLHF, 7, "rlhf-actor-worker-7"), found.getFirst().entry().target());
    }

    @Test
    void aShortenedVerbIsEnoughWhenOnlyOneStartsSo() {
        assertEquals(Verb.DRAIN, index().rank("dr gn13", RecentChoices.Snapshot.NONE, 5).getFirst().entry().verb());
        assertEquals(Verb.PREFLIGHT, Verb.named("pre"));
        assertEquals(null, Verb.named("d"), "one letter decides nothing");
    }

    @Test
    void aVerbAloneIsOfferedAsACommandToComplete() {
        var found = index().rank("drai", RecentChoices.Snapshot.NONE, 5);
        assertEquals(new Target.Command(Verb.DRAIN), found.getFirst().entry().target());
    }

    @Test
    void fuzzyTypingFindsANode() {
        var found = index().rank("gn13", RecentChoices.Snapshot.NONE, 5);
        assertEquals("gpu-node-013", found.getFirst().entry().text());
    }

    @Test
    void aRecentChoiceComesFirstAmongLinesThatMatchAlike() {
        RecentChoices recent = new RecentChoices();
        assertEquals("sandbox", ((Target.Node) index().rank("gpu-node-013", recent.snapshot(), 5).getFirst()
                .entry().target()).cluster(), "the earlier line first, nothing chosen yet");
        recent.chose(node("prod-east", "gpu-node-013"));
        assertEquals("prod-east", ((Target.Node) index().rank("gpu-node-013", recent.snapshot(), 5).getFirst()
                .entry().target()).cluster());
        // But not above a much closer match: the screen "Fleet" when "fleet" is typed.
        recent.chose(node("sandbox", "gpu-node-010"));
        assertEquals("Fleet", index().rank("fleet", recent.snapshot(), 5).getFirst().entry().text());
    }

    @Test
    void nothingTypedListsRecentChoicesThenScreensAndClusters() {
        RecentChoices recent = new RecentChoices();
        recent.chose(node("sandbox", "gpu-node-010"));
        recent.chose(node("sandbox", "gpu-node-013").with(Verb.DRAIN));
        recent.chose(node("sandbox", "gone-node")); // no longer in any open cluster
        var found = index().rank("", recent.snapshot(), 20);
        assertEquals(List.of("drain gpu-node-013", "gpu-node-010", "Fleet", "Nodes", "Gangs", "Journal", "prod-east",
                "sandbox"), texts(found));
    }

    @Test
    void aVerbAloneListsItsRecentObjectsFirst() {
        RecentChoices recent = new RecentChoices();
        recent.chose(node("sandbox", "gpu-node-042"));
        var found = index().rank("drain ", recent.snapshot(), 3);
        assertEquals(List.of("drain gpu-node-042", "drain gpu-node-000", "drain gpu-node-001"), texts(found));
    }

    @Test
    void onlyTheBestAreKeptBestFirst() {
        var found = index().rank("g", RecentChoices.Snapshot.NONE, 7);
        assertEquals(7, found.size());
        for (int i = 1; i < found.size(); i++) {
            assertTrue(found.get(i - 1).score() >= found.get(i).score(), texts(found).toString());
        }
        assertEquals("Gangs", found.getFirst().entry().text(), "a short name starting so first");
    }

    @Test
    void recentChoicesKeepTheLatestFewOnce() {
        RecentChoices recent = new RecentChoices();
        for (int i = 0; i < RecentChoices.KEPT + 5; i++) {
            recent.chose(node("sandbox", "n" + i));
        }
        PaletteEntry again = node("sandbox", "n" + (RecentChoices.KEPT + 2));
        recent.chose(again);
        var kept = recent.snapshot().choices();
        assertEquals(RecentChoices.KEPT, kept.size());
        assertEquals(RecentChoices.Choice.of(again), kept.getFirst());
        assertEquals(1, kept.stream().filter(c -> c.equals(RecentChoices.Choice.of(again))).count());
        var now = recent.snapshot();
        assertTrue(now.bonus(null, kept.getFirst().target()) > now.bonus(null, kept.getLast().target()));
        assertEquals(0, now.bonus(null, new Target.Node("sandbox", "n0")), "dropped");
        assertEquals(0, now.bonus(Verb.DRAIN, again.target()), "gone to, not drained");
    }
}
