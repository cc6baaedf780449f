package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.kube.PodLogOptions;

import java.io.IOException;
import java.util.function.Consumer;

/**
 * One rank opened from a summary: its full tail (a summary keeps only a compact one for most ranks), or its log
 * followed. What a view calls when a person picks a rank; the same as {@code flightdeck logs NS/GANG --rank N}.
 */
public final class RankLogs {

    private RankLogs() {
    }

    /**
     * The rank's last {@code lines} lines (of the run before its restart with {@code previous}), with the kubelet's
     * timestamps. Blocks: call it off the UI thread.
     */
    public static LogTail tail(LogRequests requests, GangKey gang, RankLog rank, int lines, boolean previous)
            throws IOException, InterruptedException {
        if (rank.pod() == null || rank.container() == null) {
            return new LogTail(java.util.List.of(), LogRead.failed(rank.problem() != null ? rank.problem() : "no log: no pod"));
        }
        return requests.tail(gang.namespace(), rank.pod(), new PodLogOptions(rank.container(), lines, 4L * 1024 * 1024,
                previous, true, null, false));
    }

    /**
     * Follows the rank's log from its last {@code lines} lines on, each line to {@code sink} on the follow's own thread
     * (hand it to the UI thread), until its container ends or {@link LogFollow#cancel()}. Does not block.
     */
    public static LogFollow follow(LogRequests requests, GangKey gang, RankLog rank, int lines, Consumer<LogLine> sink) {
        if (rank.pod() == null || rank.container() == null) {
            throw new IllegalArgumentException("rank " + rank.rank() + " has no log to follow: " + rank.problem());
        }
        return requests.follow(gang.namespace(), rank.pod(), new PodLogOptions(rank.container(), lines, null, false, true,
                null, true), sink);
    }
}
