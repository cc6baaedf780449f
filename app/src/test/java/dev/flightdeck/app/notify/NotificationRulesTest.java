package dev.flightdeck.app.notify;

import dev.flightdeck.app.MutableClock;
import dev.flightdeck.app.notify.Notification.Kind;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules, driven by a cluster's observations one after another and a clock moved by hand: changes told once,
 * where the cluster stood at first not told, flapping not told again, unreachable after its grace, at most three a
 * minute per cluster with the rest folded.
 */
class NotificationRulesTest {

    private static final Duration WAIT = Duration.ofMinutes(30);
    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-28T03:00:00Z"));
    private final NotificationRules rules = new NotificationRules(clock);

    private static ClusterObservation seen(String cluster, Map<String, String> halted) {
        return new ClusterObservation(cluster, null, true, halted, Map.of(), Map.of());
    }

    private static Map<String, String> halted(String... gangs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String g : gangs) {
            m.put(g, "rank 5 failed: NCCL error");
        }
        return m;
    }

    @Test
    void whereTheClusterStoodAtFirstIsNotNewsAHaltAfterItIsToldOnce() {
        assertEquals(List.of(), rules.observe(seen("prod", halted("training/old")), WAIT), "halted before we looked");
        List<Notification> told = rules.observe(seen("prod", halted("training/old", "training/rlhf")), WAIT);
        assertEquals(1, told.size());
        Notification n = told.getFirst();
        assertEquals(Kind.GANG_HALTED, n.kind());
        assertEquals("training/rlhf", n.subject());
        assertEquals("Gang halted on prod", n.title());
        assertEquals("training/rlhf: rank 5 failed: NCCL error", n.text());
        assertEquals(clock.instant(), n.at());
        assertEquals(List.of(), rules.observe(seen("prod", halted("training/old", "training/rlhf")), WAIT), "once");
    }

    @Test
    void nothingIsJudgedBeforeTheClusterIsWhole() {
        // Still listing: half the gangs read. Its halted gangs then are where it stood, not news.
        assertEquals(List.of(), rules.observe(new ClusterObservation("prod", null, false, Map.of(), Map.of(), Map.of()), WAIT));
        assertEquals(List.of(), rules.observe(seen("prod", halted("training/a", "training/b")), WAIT));
        assertEquals(1, rules.observe(seen("prod", halted("training/a", "training/b", "training/c")), WAIT).size());
    }

    @Test
    void aGangThatFlapsIsNotToldAgainUntilTheRearmHasPassed() {
        rules.observe(seen("prod", halted()), WAIT);
        assertEquals(1, rules.observe(seen("prod", halted("training/x")), WAIT).size());
        clock.advance(Duration.ofMinutes(1));
        assertEquals(List.of(), rules.observe(seen("prod", halted()), WAIT), "resumed: nothing to tell");
        clock.advance(Duration.ofMinutes(2));
        assertEquals(List.of(), rules.observe(seen("prod", halted("training/x")), WAIT), "halted again within 10 min");
        rules.observe(seen("prod", halted()), WAIT);
        clock.advance(Duration.ofMinutes(10));
        assertEquals(1, rules.observe(seen("prod", halted("training/x")), WAIT).size(), "halted again later: news");
    }

    @Test
    void unreachableIsToldAfterItsGraceOnceAndItsGangsAreNotToldAgainWhenItComesBack() {
        rules.observe(seen("prod", halted("training/a")), WAIT);
        assertEquals(List.of(), rules.observe(ClusterObservation.unreachable("prod", "connection refused"), WAIT));
        clock.advance(Duration.ofSeconds(29));
        assertEquals(List.of(), rules.observe(ClusterObservation.unreachable("prod", "connection refused"), WAIT), "a blip");
        clock.advance(Duration.ofSeconds(1));
        List<Notification> told = rules.observe(ClusterObservation.unreachable("prod", "connection refused"), WAIT);
        assertEquals(1, told.size());
        assertEquals(Kind.CLUSTER_UNREACHABLE, told.getFirst().kind());
        assertEquals("prod is unreachable: connection refused (for 30 s)", told.getFirst().line());
        clock.advance(Duration.ofMinutes(5));
        assertEquals(List.of(), rules.observe(ClusterObservation.unreachable("prod", "connection refused"), WAIT), "once");
        assertEquals(List.of(), rules.observe(seen("prod", halted("training/a")), WAIT), "back, as it was");
        // A reconnect that lasts a blip is not told; a new outage past its grace is.
        rules.observe(ClusterObservation.unreachable("prod", "EOF"), WAIT);
        clock.advance(Duration.ofSeconds(5));
        assertEquals(List.of(), rules.observe(seen("prod", halted("training/a")), WAIT));
        rules.observe(ClusterObservation.unreachable("prod", "EOF"), WAIT);
        clock.advance(Duration.ofSeconds(31));
        assertEquals(1, rules.observe(ClusterObservation.unreachable("prod", "EOF"), WAIT).size());
    }

    @Test
    void atMostThreeAMinutePerClusterAndTheRestFoldedIntoOne() {
        rules.observe(seen("prod", halted()), WAIT);
        rules.observe(seen("lab", halted()), WAIT);
        String[] rack = new String[8];
        for (int i = 0; i < rack.length; i++) {
            rack[i] = "training/g" + i;
        }
        List<Notification> told = rules.observe(seen("prod", halted(rack)), WAIT);
        assertEquals(List.of("training/g0", "training/g1", "training/g2"), told.stream().map(Notification::subject).toList());
        assertEquals(1, rules.observe(seen("lab", halted("training/elsewhere")), WAIT).size(), "another cluster's own rate");
        clock.advance(Duration.ofSeconds(59));
        assertEquals(List.of(), rules.tick(), "not before the minute");
        clock.advance(Duration.ofSeconds(1));
        List<Notification> folded = rules.tick();
        assertEquals(1, folded.size());
        Notification f = folded.getFirst();
        assertTrue(f.folded());
        assertEquals(5, f.count());
        assertEquals("5 more gangs halted on prod", f.title());
        assertEquals("training/g3, training/g4, training/g5 and 2 more", f.text());
        assertEquals(List.of(), rules.tick(), "told once");
    }

    @Test
    void whatArrivesWhileOthersWaitJoinsThemInsteadOfOvertaking() {
        rules.observe(seen("prod", halted()), WAIT);
        rules.observe(seen("prod", halted("a/1", "a/2", "a/3", "a/4")), WAIT); // three told, a/4 waits
        clock.advance(Duration.ofSeconds(61));
        List<Notification> told = rules.observe(seen("prod", halted("a/1", "a/2", "a/3", "a/4", "a/5")), WAIT);
        assertEquals(1, told.size());
        assertEquals("2 more gangs halted on prod", told.getFirst().title());
        assertEquals("a/4, a/5", told.getFirst().text());
    }

    @Test
    void aHeldSingleIsToldAsItselfNotAsAFoldOfOne() {
        rules.observe(seen("prod", halted()), WAIT);
        rules.observe(seen("prod", halted("a/1", "a/2", "a/3", "a/4")), WAIT);
        clock.advance(Duration.ofMinutes(1));
        List<Notification> told = rules.tick();
        assertEquals(1, told.size());
        assertEquals("a/4", told.getFirst().subject());
        assertEquals("Gang halted on prod", told.getFirst().title());
    }

    @Test
    void aNodeCarryingRanksThatBecomesUntrustedAndAJobWaitingPastTheThreshold() {
        Instant queuedAt = clock.instant();
        ClusterObservation start = new ClusterObservation("prod", null, true, Map.of(), Map.of(),
                Map.of("ml/sweep", queuedAt));
        assertEquals(List.of(), rules.observe(start, WAIT));
        clock.advance(Duration.ofMinutes(29));
        assertEquals(List.of(), rules.observe(start, WAIT), "29 minutes: not yet");
        clock.advance(Duration.ofMinutes(1));
        ClusterObservation later = new ClusterObservation("prod", null, true, Map.of(),
                Map.of("gpu-node-013", "carries ranks of training/rlhf: XID 79"), Map.of("ml/sweep", queuedAt));
        List<Notification> told = rules.observe(later, WAIT);
        assertEquals(List.of("Job waiting on prod: ml/sweep has waited 30 min in its queue (told after 30 min)",
                "Node carrying ranks untrusted on prod: gpu-node-013 carries ranks of training/rlhf: XID 79"),
                told.stream().map(Notification::line).sorted().toList());
    }

    @Test
    void aForgottenClusterStartsAgainFromWhereItStands() {
        rules.observe(seen("prod", halted()), WAIT);
        rules.forget("prod");
        assertEquals(List.of(), rules.observe(seen("prod", halted("training/a")), WAIT), "a new baseline");
    }

    @Test
    void waitsInWords() {
        assertEquals("42 s", NotificationRules.words(Duration.ofSeconds(42)));
        assertEquals("12 min", NotificationRules.words(Duration.ofMinutes(12)));
        assertEquals("3 h 5 min", NotificationRules.words(Duration.ofMinutes(185)));
        assertEquals("2 h", NotificationRules.words(Duration.ofHours(2)));
    }
}
