package dev.flightdeck.app.diagnose.logs;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Which rank failed first, and how that is known: by its container's end (the kubelet's termination time, the
 * strongest evidence), else by the earliest error line any rank logged (its kubelet timestamp). A collective
 * timeout only counts when nothing else does: every healthy rank logs one once another rank is gone, so it says
 * when the others noticed, not who failed.
 *
 * @param error the error that shows the failure: the first rank's most telling error ({@link #telling}), or the
 *              earliest error line
 */
public record FirstFailure(int rank, Instant at, Basis basis, ErrorLine error) {

    public enum Basis {
        TERMINATION("its container ended first"),
        ERROR_LINE("its error line came first");

        private final String words;

        Basis(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    public static Optional<FirstFailure> of(List<RankLog> ranks) {
        FirstFailure best = null;
        for (RankLog r : ranks) {
            Termination t = r.termination();
            if (t != null && t.finishedAt() != null && (best == null || earlier(t.finishedAt(), r.rank(), best))) {
                best = new FirstFailure(r.rank(), t.finishedAt(), Basis.TERMINATION, telling(r));
            }
        }
        if (best != null) {
            return Optional.of(best);
        }
        for (boolean symptomsToo : new boolean[]{false, true}) {
            for (RankLog r : ranks) {
                for (ErrorLine e : r.errors()) {
                    if (e.at() != null && e.kind().symptomOfAnotherRank() == symptomsToo
                            && (best == null || earlier(e.at(), r.rank(), best))) {
                        best = new FirstFailure(r.rank(), e.at(), Basis.ERROR_LINE, e);
                    }
                }
            }
            if (best != null) {
                return Optional.of(best);
            }
        }
        return Optional.empty();
    }

    /**
     * The error that says best why a rank ended: its most specific kind of error (an Xid before a CUDA error before
     * an exception, {@link ErrorKind}'s order), the latest of those (the exception that ended a traceback comes after
     * the warnings that led to it); the container's end itself when its log said nothing.
     */
    static ErrorLine telling(RankLog r) {
        ErrorLine best = null;
        for (ErrorLine e : r.errors()) {
            if (e.kind() == ErrorKind.EXITED || e.kind().symptomOfAnotherRank()) {
                continue;
            }
            if (best == null || e.kind().compareTo(best.kind()) < 0
                    || e.kind() == best.kind() && e.at() != null && (best.at() == null || !e.at().isBefore(best.at()))) {
                best = e;
            }
        }
        return best != null ? best : r.termination().asError();
    }

    private static boolean earlier(Instant at, int rank, FirstFailure than) {
        int c = at.compareTo(than.at());
        return c < 0 || c == 0 && rank < than.rank();
    }
}
