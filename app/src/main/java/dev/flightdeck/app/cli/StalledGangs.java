package dev.flightdeck.app.cli;

import dev.flightdeck.app.actions.resume.ResumePlanReader;
import dev.flightdeck.app.actions.resume.ResumeRefusal;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.session.ClusterSession;

/**
 * A gang whose pods all run may be stalled (a hung collective), which only GPU telemetry says. The console knows it
 * from its running telemetry; a headless {@code resume} or {@code plan resume}, which lives for one command, reads
 * the telemetry once first, so that it resumes a stalled gang and still refuses a working one.
 */
final class StalledGangs {

    private StalledGangs() {
    }

    /**
     * Has GPU telemetry read (once, unless the session's own read came first) when {@code ref} names a gang that looks
     * like it is running, and says on {@code err} what the telemetry saw when the gang still does not read as stalled
     * (the resume will be refused: the person sees why, not only "running"); else does nothing.
     */
    static void judgeBeforeResume(ClusterSession session, String ref, java.io.PrintStream err) {
        Gang gang;
        try {
            gang = ResumePlanReader.gang(ref, session.model().gangs());
        } catch (ResumeRefusal notAGang) {
            return; // the plan says so in its own words
        }
        if (gang.verdict() == GangVerdict.RUNNING || gang.verdict() == GangVerdict.DEGRADED) {
            session.telemetry().latestOrReadNow();
            // The read hands its findings to the model, which folds them on its own thread: the plan reads the gang
            // next, and on a loaded machine read it before the fold, "running", and refused to resume a stalled gang.
            try {
                if (!session.model().awaitFolded(10, java.util.concurrent.TimeUnit.SECONDS)) {
                    err.println("flightdeck: " + ref + ": the GPU telemetry read was not folded within 10 s; "
                            + "the gang is judged as it was before it");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Gang now = session.model().gangs().stream().filter(g -> g.key().equals(gang.key())).findFirst().orElse(gang);
            if (!now.verdict().resumable()) {
                err.println("flightdeck: " + ref + " is " + now.verdict().label() + ": "
                        + session.telemetry().whyNotStalled(now));
            }
        }
    }
}
