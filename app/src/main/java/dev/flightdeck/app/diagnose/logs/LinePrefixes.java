package dev.flightdeck.app.diagnose.logs;

import java.util.regex.Pattern;

/**
 * What launchers and loggers put in front of a training process's own words, and that differs from rank to rank
 * or line to line: torchrun's {@code [rank3]:} / {@code [default3]:} tags, mpirun's {@code [1,3]<stderr>:}, a
 * timestamp (ISO, or Python logging's {@code 2026-11-24 14:02:11,123}), glog's header
 * ({@code [E1124 14:02:11.123456789 123 ProcessGroupNCCL.cpp:616]}; PyTorch writes {@code E626} for June 26), NCCL's {@code host:pid:tid [gpu]}, and PyTorch's
 * {@code [Rank 3]} / {@code [PG 0 Rank 3]} tags. Stripped before a line is classified and before its message is
 * normalised, so the same error on two ranks reads the same.
 */
final class LinePrefixes {

    /** glog's severity letter and time; group 1 is the severity (E error, F fatal). */
    static final Pattern GLOG = Pattern.compile("^\\[?([IWEF])\\d{3,4} \\d{2}:\\d{2}:\\d{2}\\.\\d+\\s+(?:\\d+\\s+)?[\\w./-]+:\\d+\\]\\s*");
    private static final Pattern LAUNCHER_TAG = Pattern.compile(
            "^(?:\\[(?:rank|default)\\d+\\]:\\s?|\\[\\d+,\\d+\\]<std(?:out|err)>:\\s?|\\[\\d+\\]\\s*:?\\s+)");
    private static final Pattern TIMESTAMP = Pattern.compile(
            "^\\[?\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d+)?(?:Z|[+-]\\d{2}:?\\d{2})?\\]?\\s*(?:[-|]\\s*)?");
    private static final Pattern NCCL_HOST = Pattern.compile("^[\\w.-]+:\\d+:\\d+ \\[\\d+\\]\\s*(?:[\\w./-]+:\\d+\\s+)?(?=NCCL )");
    private static final Pattern RANK_TAG = Pattern.compile("^\\[(?:PG [^\\]]*?)?Rank \\d+\\]\\s*");
    private static final Pattern PID_TAG = Pattern.compile("^\\[\\d+\\]\\s+");

    private LinePrefixes() {
    }

    /** The line's own words: every prefix above removed, as many as are stacked, in any order. */
    static String strip(String line) {
        String s = line.strip();
        for (int round = 0; round < 6; round++) {
            String before = s;
            s = LAUNCHER_TAG.matcher(s).replaceFirst("");
            s = PID_TAG.matcher(s).replaceFirst("");
            s = TIMESTAMP.matcher(s).replaceFirst("");
            s = GLOG.matcher(s).replaceFirst("");
            s = NCCL_HOST.matcher(s).replaceFirst("");
            s = RANK_TAG.matcher(s).replaceFirst("");
            if (s.equals(before)) {
                break;
            }
        }
        return s.strip();
    }

    /** Only the launcher's tags removed (so indentation, which a traceback's frames have, is kept). */
    static String untagged(String line) {
        String s = line;
        for (int round = 0; round < 3; round++) {
            String before = s;
            s = LAUNCHER_TAG.matcher(s).replaceFirst("");
            if (s.equals(before)) {
                break;
            }
        }
        return s;
    }

    /** The glog severity of the line (E, F, W, I), or 0 when it has no glog header. */
    static char glogSeverity(String line) {
        java.util.regex.Matcher m = GLOG.matcher(untagged(line.strip()));
        return m.find() ? m.group(1).charAt(0) : 0;
    }
}
