package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.gangs.RankState;

import java.util.List;

/**
 * What one rank's logs showed, kept small enough that a 1,024-rank gang's summary fits a desktop heap: its errors
 * (one per message), the last lines of its current run ({@code tail}) and, for a rank whose container crashed and
 * restarted, of the run that crashed ({@code crashedRunTail}). A troubled rank (failed, crashing) keeps as many lines
 * as were asked for, the others a compact few; {@code tailCut} says the view's byte cap cut them shorter.
 *
 * @param termination how its container last ended badly, or null
 * @param problem     why there is no log, in words (no pod, not started, the server's refusal); null when read
 * @param cut         a log reached {@code limitBytes}: its last lines may be missing
 */
public record RankLog(int rank, String role, String pod, String node, RankState state, int restarts, String container,
                      Termination termination, List<ErrorLine> errors, int errorsUncounted, List<LogLine> tail,
                      List<LogLine> crashedRunTail, boolean tailCut, long bytesRead, boolean cut, String problem) {

    public RankLog {
        errors = List.copyOf(errors);
        tail = List.copyOf(tail);
        crashedRunTail = List.copyOf(crashedRunTail);
    }

    /** A rank whose log could not be or was not read. */
    static RankLog unread(int rank, String role, String pod, String node, RankState state, int restarts,
                          Termination termination, String problem) {
        List<ErrorLine> errors = termination == null ? List.of() : List.of(termination.asError());
        return new RankLog(rank, role, pod, node, state, restarts, null, termination, errors, 0, List.of(), List.of(),
                false, 0, false, problem);
    }

    /** Failed or crashing: its tail is printed whole and first; the others' compactly after. */
    public boolean troubled() {
        return termination != null || state == RankState.FAILED || state == RankState.CRASHING;
    }

    /** The lines that show its trouble best: the crashed run's when it restarted, else its current run's. */
    public List<LogLine> telling() {
        return crashedRunTail.isEmpty() ? tail : crashedRunTail;
    }
}
