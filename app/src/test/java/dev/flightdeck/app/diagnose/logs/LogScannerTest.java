package dev.flightdeck.app.diagnose.logs;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A rank's log read line by line: tracebacks' exception lines found, errors once per message, the tail bounded. */
class LogScannerTest {

    private static final Instant T = Instant.parse("2026-11-24T14:02:11Z");

    private static LogScanner scan(int tail, String... lines) {
        LogScanner s = new LogScanner(Set.of(), tail);
        for (int i = 0; i < lines.length; i++) {
            s.accept(new LogLine(T.plusMillis(i), lines[i]));
        }
        return s;
    }

    @Test
    void theLastLineOfATracebackIsItsError() {
        LogScanner s = scan(50,
                "step 4210 | loss 2.14",
                "[rank5]: Traceback (most recent call last):",
                "[rank5]:   File \"/workspace/train.py\", line 412, in <module>",
                "[rank5]:     main()",
                "[rank5]:   File \"/usr/lib/python3/site-packages/torch/distributed/c10d_logger.py\", line 83, in wrapper",
                "[rank5]:     return func(*args, **kwargs)",
                "[rank5]: ValueError: the batch is empty",
                "after");
        List<ErrorLine> errors = s.errors();
        assertEquals(1, errors.size(), errors.toString());
        assertEquals(ErrorKind.EXCEPTION, errors.getFirst().kind());
        assertEquals("ValueError: the batch is empty", errors.getFirst().message());
        assertEquals(T.plusMillis(6), errors.getFirst().at());
    }

    @Test
    void aChainedTracebackGivesEachException() {
        LogScanner s = scan(50,
                "Traceback (most recent call last):",
                "  File \"a.py\", line 1, in f",
                "KeyError: 'x'",
                "",
                "During handling of the above exception, another exception occurred:",
                "",
                "Traceback (most recent call last):",
                "  File \"a.py\", line 3, in g",
                "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.21.5");
        List<ErrorLine> errors = s.errors();
        assertEquals(List.of("KeyError: 'x'", "NCCL error: remote process exited or there was a network error"),
                errors.stream().map(ErrorLine::message).toList());
        assertEquals(ErrorKind.NCCL, errors.get(1).kind(), "the exception's words say NCCL");
    }

    @Test
    void oneErrorPerMessageCountedAndTheTailBounded() {
        String[] lines = new String[1000];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = i % 100 == 0 ? "[rank3]:[E1124 14:02:11.1 1 ProcessGroupNCCL.cpp:616] [Rank 3] Watchdog caught collective operation "
                    + "timeout: WorkNCCL(SeqNum=" + i + ", OpType=ALLREDUCE, Timeout(ms)=600000) ran for 60000" + i + " milliseconds before timing out."
                    : "step " + i;
        }
        LogScanner s = scan(20, lines);
        assertEquals(1, s.errors().size());
        assertEquals(10, s.errors().getFirst().count());
        assertEquals(T, s.errors().getFirst().at(), "the first time it was said");
        assertEquals(20, s.tail().size());
        assertEquals("step 999", s.tail().getLast().text());
        assertEquals(1000, s.linesSeen());
    }

    @Test
    void distinctMessagesAreCappedAndTheRestCounted() {
        String[] lines = new String[LogScanner.MAX_MESSAGES + 5];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = "RuntimeError: failure number " + (char) ('a' + i);
        }
        LogScanner s = scan(5, lines);
        assertEquals(LogScanner.MAX_MESSAGES, s.errors().size());
        assertEquals(5, s.uncounted());
        assertTrue(s.tail().size() <= 5);
    }

    @Test
    void kubeletTimestampsAreParsedOffTheLine() {
        LogLine l = LogLine.parse("2026-11-24T14:02:11.123456789Z NCCL WARN x", true);
        assertEquals(Instant.parse("2026-11-24T14:02:11.123456789Z"), l.at());
        assertEquals("NCCL WARN x", l.text());
        assertEquals("2026-11-24T14:02:11.123456789Z NCCL WARN x", l.render(true));
        assertEquals("2026-11-24T14:02:11.100000000Z x", new LogLine(Instant.parse("2026-11-24T14:02:11.1Z"), "x").render(true));
        LogLine partial = LogLine.parse("NCCL WA", true);
        assertEquals(null, partial.at(), "a line cut by limitBytes may have no time");
        assertEquals("2026 was a year", LogLine.parse("2026 was a year", true).text());
    }
}
