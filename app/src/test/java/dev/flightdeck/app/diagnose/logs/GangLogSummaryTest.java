package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The first-failure summary as pure functions of the ranks' logs: which rank failed first, errors grouped across ranks. */
class GangLogSummaryTest {

    static final GangKey KEY = new GangKey(GangSystem.INDEXED_JOB, "training", "rlhf-actor");
    private static final Instant FAIL = Instant.parse("2026-11-24T14:02:11Z");

    private static ErrorLine error(String line, Instant at) {
        ErrorKind k = LineClassifier.classify(line);
        return new ErrorLine(k, MessageNormaliser.normalise(k, line, Set.of()), line, at, 1);
    }

    static RankLog rank(int r, RankState state, Termination end, List<ErrorLine> errors) {
        List<ErrorLine> all = new ArrayList<>(errors);
        if (end != null) {
            all.add(end.asError());
        }
        return new RankLog(r, "", "rlhf-actor-" + r + "-x", "gpu-node-" + (20 + r), state, 0, "trainer", end, all, 0,
                List.of(new LogLine(FAIL, "step " + r)), List.of(), false, 100, false, null);
    }

    private static ErrorLine watchdog(int r, Instant at) {
        return error("[rank" + r + "]:[E1124 14:12:12.1 9 ProcessGroupNCCL.cpp:616] [Rank " + r + "] Watchdog caught collective "
                + "operation timeout: WorkNCCL(SeqNum=48211, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for "
                + (600000 + r) + " milliseconds before timing out.", at);
    }

    /** Rank 5 failed with an NCCL error; the other 15 logged a watchdog timeout ten minutes later. */
    static List<RankLog> ncclFailure() {
        List<RankLog> ranks = new ArrayList<>();
        for (int r = 0; r < 16; r++) {
            if (r == 5) {
                ranks.add(rank(5, RankState.FAILED, new Termination("Error", 1, "", FAIL, false), List.of(
                        error("gpu-node-025:311:402 [5] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer gpu-node-026<42830>",
                                FAIL.minusSeconds(1)),
                        error("[rank5]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, "
                                + "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5", FAIL))));
            } else {
                ranks.add(rank(r, RankState.RUNNING, null, List.of(watchdog(r, FAIL.plusSeconds(601).plusMillis(r)))));
            }
        }
        return ranks;
    }

    private static GangLogSummary summary(List<RankLog> ranks) {
        return GangLogSummary.of(KEY, ranks.size(), ranks, new LogCounters.Figures(ranks.size(), 8, 12345), Duration.ofMillis(900),
                true, false);
    }

    @Test
    void theRankWhoseContainerEndedFirstFailedFirstAndItsErrorIsMarked() {
        GangLogSummary s = summary(ncclFailure());
        FirstFailure f = s.firstFailure().orElseThrow();
        assertEquals(5, f.rank());
        assertEquals(FirstFailure.Basis.TERMINATION, f.basis());
        assertEquals("NCCL error: unhandled system error", f.error().message(), "the most telling of its errors");
        List<String> lines = s.groups().stream().map(SummaryText::line).toList();
        assertTrue(lines.contains("rank 5: NCCL error: unhandled system error (first, 14:02:11)"), lines.toString());
        assertTrue(lines.contains("ranks 0–4, 6–15: Watchdog caught collective operation timeout (14:12:12)"), lines.toString());
        assertTrue(lines.contains("rank 5: NCCL WARN socketProgress: Connection closed by remote peer <peer> (14:02:10)"));
        assertTrue(lines.contains("rank 5: container exited: Error, exit code 1 (14:02:11)"));
        assertEquals(4, lines.size());
    }

    @Test
    void withoutATerminationTheEarliestErrorLineDecidesAndTimeoutsOnlyWhenNothingElse() {
        List<RankLog> ranks = new ArrayList<>();
        ranks.add(rank(0, RankState.RUNNING, null, List.of(watchdog(0, FAIL))));
        ranks.add(rank(1, RankState.RUNNING, null, List.of(error("NVRM: Xid (PCI:0000:9b:00): 79, pid=1, name=python, GPU has "
                + "fallen off the bus.", FAIL.plusSeconds(5)))));
        ranks.add(rank(2, RankState.RUNNING, null, List.of(watchdog(2, FAIL.minusSeconds(5)))));
        FirstFailure f = FirstFailure.of(ranks).orElseThrow();
        assertEquals(1, f.rank(), "an Xid names a cause; the earlier timeouts are symptoms of it");
        assertEquals(FirstFailure.Basis.ERROR_LINE, f.basis());
        FirstFailure onlyTimeouts = FirstFailure.of(List.of(ranks.get(0), ranks.get(2))).orElseThrow();
        assertEquals(2, onlyTimeouts.rank(), "with only timeouts, the earliest");
        assertTrue(FirstFailure.of(List.of(rank(0, RankState.RUNNING, null, List.of()))).isEmpty());
    }

    @Test
    void theEarliestTerminationWinsOverEarlierErrorLinesAndTiesGoToTheLowerRank() {
        List<RankLog> ranks = List.of(
                rank(3, RankState.FAILED, new Termination("Error", 1, "", FAIL.plusSeconds(2), false), List.of()),
                rank(9, RankState.CRASHING, new Termination("OOMKilled", 137, "", FAIL, true), List.of()),
                rank(7, RankState.FAILED, new Termination("Error", 1, "", FAIL, false), List.of()),
                rank(1, RankState.RUNNING, null, List.of(error("RuntimeError: early", FAIL.minusSeconds(60)))));
        FirstFailure f = FirstFailure.of(ranks).orElseThrow();
        assertEquals(7, f.rank());
        GangLogSummary s = summary(ranks);
        assertTrue(s.groups().stream().anyMatch(g -> g.kind() == ErrorKind.OOM_KILLED && g.rankText().equals("rank 9")),
                "the kernel's OOM kill is an error of the rank, from its container's end");
        assertEquals(List.of(7, 9, 3), s.troubledFirstFailureFirst().stream().map(RankLog::rank).toList());
        assertEquals(List.of(1), s.others().stream().map(RankLog::rank).toList());
    }

    @Test
    void theSummaryTextLeadsWithTheFirstFailure() {
        List<RankLog> ranks = new ArrayList<>(ncclFailure());
        ranks.add(RankLog.unread(16, "", null, null, RankState.MISSING, 0, null, "no pod: the rank is missing"));
        List<RankSlot> slots = new ArrayList<>();
        for (int r = 0; r < 17; r++) {
            slots.add(new RankSlot(r, "", "p" + r, "n" + r, RankState.RUNNING, 0, 8, null, null, null));
        }
        Gang gang = new Gang(KEY, 17, 16, 15, 8, 136, 16, FAIL.minusSeconds(3600), GangVerdict.HALTED,
                List.of("rank 5 failed"), false, slots, Map.of());
        List<String> text = SummaryText.summary(gang, GangLogSummary.of(KEY, 17, ranks, new LogCounters.Figures(17, 8, 2048),
                Duration.ofMillis(1500), true, false));
        assertEquals("training/rlhf-actor · Indexed Job · 17 ranks · halted · times UTC", text.get(0));
        assertEquals("first failure: rank 5 · pod rlhf-actor-5-x on gpu-node-25 · NCCL error: unhandled system error · "
                + "Error, exit code 1 at 14:02:11 (its container ended first)", text.get(1));
        assertEquals("errors by message across ranks:", text.get(2));
        assertEquals("  rank 5: NCCL error: unhandled system error (first, 14:02:11)", text.get(3), "the first failure's error leads");
        assertTrue(text.contains("no log: rank 16: no pod: the rank is missing"), text.toString());
        assertEquals("read 17 of 17 ranks · 17 log requests (at most 8 at once) · 2.0 KiB · 1.5 s", text.getLast());
        List<String> tails = SummaryText.tails(GangLogSummary.of(KEY, 17, ranks, new LogCounters.Figures(0, 0, 0),
                Duration.ZERO, true, false), false);
        assertTrue(tails.getFirst().startsWith("── rank 5 · failed · pod rlhf-actor-5-x · gpu-node-25 · Error, exit code 1 at 14:02:11"),
                tails.getFirst());
        assertFalse(tails.stream().anyMatch(l -> l.startsWith("── rank 16")), "no lines, no tail");
    }
}
