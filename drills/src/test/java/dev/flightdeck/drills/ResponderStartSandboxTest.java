package dev.flightdeck.drills;

import dev.flightdeck.drills.report.DrillResults;
import dev.flightdeck.app.settings.AppDirectories;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code drill run --responder CMD} runs CMD as the person's shell would, from where they typed it; a
 * CMD that cannot be started is a setup failure (exit 3, one line naming it), and its report says the
 * response was never started — not that it failed.
 */
@Execution(ExecutionMode.CONCURRENT)
class ResponderStartSandboxTest {

    private static HeadlessLauncher launcher;

    @BeforeAll
    static void launcher() throws IOException {
        launcher = HeadlessLauncher.shared();
    }

    @Test
    void aRelativeResponderPathIsTakenFromTheDirectoryDrillRunWasStartedIn(@TempDir Path cwd, @TempDir Path home)
            throws Exception {
        // The runbook as typed from here: a relative path, run as a command (no `sh`), finding lib.sh by its $0.
        String relative = cwd.relativize(HeadlessLauncher.RESPONDERS.resolve("rank-crash.sh")).toString();
        assertFalse(Path.of(relative).isAbsolute(), relative);

        HeadlessLauncher.Ran ran = launcher.drillRunFrom(cwd, home, "drill", "run", "rank-crash", "--pace", "10",
                "--responder", relative);

        assertEquals(0, ran.code(), "the runbook recovers the drill\n" + ran.log());
        DrillReport r = keptReport(new AppDirectories(home.resolve("config"), home.resolve("data")), ran);
        assertTrue(r.recovered(), ran.log());
        assertTrue(Files.notExists(cwd.resolve("responder.log")), "the drill's files stay in its own folder");
    }

    @Test
    void aResponderThatIsNotFoundIsASetupFailureNamingIt(@TempDir Path home) throws Exception {
        AppDirectories dirs = new AppDirectories(home.resolve("config"), home.resolve("data"));
        HeadlessLauncher.Ran ran = launcher.drillRun(dirs, "drill", "run", "rank-crash", "--pace", "10",
                "--responder", "runbooks/no-such-runbook.sh");

        assertNeverStarted(dirs, ran, "no-such-runbook.sh");
    }

    @Test
    void aResponderThatIsNotExecutableIsASetupFailureNamingIt(@TempDir Path scripts, @TempDir Path home)
            throws Exception {
        Path script = Files.writeString(scripts.resolve("runbook-without-x.sh"), "#!/bin/sh\necho never\n");
        AppDirectories dirs = new AppDirectories(home.resolve("config"), home.resolve("data"));
        HeadlessLauncher.Ran ran = launcher.drillRun(dirs, "drill", "run", "rank-crash", "--pace", "10",
                "--responder", script.toString());

        assertNeverStarted(dirs, ran, "runbook-without-x.sh");
    }

    @Test
    void aResponderThatReachedTheClusterBeforeExiting127IsJudgedAsAResponse(@TempDir Path home) throws Exception {
        AppDirectories dirs = new AppDirectories(home.resolve("config"), home.resolve("data"));
        HeadlessLauncher.Ran ran = launcher.drillRun(dirs, "drill", "run", "rank-crash", "--pace", "10",
                "--responder", "\"$FLIGHTDECK\" check >/dev/null; exit 127");

        assertEquals(1, ran.code(), "a runbook that started and gave up did not recover the drill\n" + ran.log());
        DrillReport r = keptReport(dirs, ran);
        assertEquals(DrillReport.Outcome.NOT_RECOVERED, r.outcome(), ran.log());
        assertTrue(r.endedHow().contains("the responder exited (code 127)"), r.endedHow());
    }

    private static void assertNeverStarted(AppDirectories dirs, HeadlessLauncher.Ran ran, String named)
            throws IOException {
        assertEquals(3, ran.code(), "a responder that cannot start is a setup failure\n" + ran.log());
        List<String> lines = ran.err().strip().lines().toList();
        String last = lines.getLast();
        assertTrue(last.startsWith("flightdeck: drill rank-crash: the responder could not be started from ")
                && last.contains(named), "one line with the reason, naming the responder: " + last + "\n" + ran.log());
        DrillReport r = keptReport(dirs, ran);
        assertEquals(DrillReport.Outcome.ABORTED, r.outcome(), ran.log());
        assertTrue(r.endedHow().contains("the response was never started"), r.endedHow());
        assertTrue(ran.out().contains("**ABORTED**: the responder could not be started")
                && !ran.out().contains("NOT RECOVERED"), "the printed report says it never started\n" + ran.out());
    }

    private static DrillReport keptReport(AppDirectories dirs, HeadlessLauncher.Ran ran) throws IOException {
        DrillResults.Read kept = new DrillResults(dirs.data().resolve("drills")).read("rank-crash");
        assertEquals(1, kept.results().size(), "one result kept for the run\n" + ran.log());
        return DrillResults.readReport(Path.of(kept.results().getFirst().report() + ".json"));
    }
}
