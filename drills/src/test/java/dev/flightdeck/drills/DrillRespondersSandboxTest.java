package dev.flightdeck.drills;

import dev.flightdeck.drills.report.DrillResults;
import dev.flightdeck.app.settings.AppDirectories;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every bundled scenario, run headless as {@code flightdeck drill run SCENARIO --responder CMD --pace 10}
 * on its own sandbox, twice: with the runbook in {@code assets/drills/responders/SCENARIO.sh}, which
 * must recover it with every goal met and no mistake, and with {@code SCENARIO.mistake.sh}, which makes
 * the mistake its first lines name ({@code # expect-mistake: …}); the kept report must say so. The
 * responders are real processes calling Flightdeck's headless commands (and curl) over HTTP, as a
 * runbook under test in CI would. The sandbox simulates the cluster's agents, scheduler and trainers.
 *
 * <p>The runs go side by side: each has a sandbox, a home and a responder of its own, and a run spends most of its
 * time waiting on its drill. JUnit keeps four workers busy and adds one for each that blocks on its drill's report, so
 * six or seven start together (the 22 runs took 404 s of CPU, responders included, in 407 s of a shared 2-core
 * machine).
 */
@Execution(ExecutionMode.CONCURRENT)
class DrillRespondersSandboxTest {

    private static HeadlessLauncher launcher;

    @BeforeAll
    static void launcher() throws IOException {
        launcher = HeadlessLauncher.shared();
    }

    static Stream<Arguments> responders() {
        List<Arguments> out = new ArrayList<>();
        // The longest drills first: several run at once, and a long one started last is a tail alone (a run of the
        // whole class ended 80 s after the others on a flapping NIC's, started last by its 15 min limit).
        List<Scenario> longestFirst = new ArrayList<>(ScenarioCatalog.bundled());
        longestFirst.sort(java.util.Comparator.comparingInt(DrillRespondersSandboxTest::waits)
                .thenComparing(java.util.Comparator.comparing(Scenario::limit).reversed()));
        for (Scenario s : longestFirst) {
            out.add(Arguments.of(s.id(), s.id() + ".sh"));
            out.add(Arguments.of(s.id(), s.id() + ".mistake.sh"));
        }
        // -Dflightdeck.responders=REGEX runs only the runbooks it matches, e.g. to chase one drill's failure.
        java.util.regex.Pattern only = java.util.regex.Pattern.compile(System.getProperty("flightdeck.responders", ".*"));
        return out.stream().filter(a -> only.matcher((String) a.get()[1]).matches());
    }

    /**
     * How long a drill waits on its own clock, whatever its responder does, least first: a hung collective is told only
     * once its GPUs have been idle for the stall window (a minute at any pace of 10 or more), a flapping NIC halts its
     * gang only at NCCL's timeout, a failed repair waits for a drain, the repair and a preflight run; the rest none.
     */
    private static int waits(Scenario s) {
        List<FaultKind> kinds = s.faults().stream().map(Scenario.Fault::kind).toList();
        if (kinds.contains(FaultKind.STALLED_COLLECTIVE)) {
            return 0;
        }
        if (kinds.contains(FaultKind.NIC_FLAP)) {
            return 1;
        }
        return kinds.contains(FaultKind.PREFLIGHT_FAILS) ? 2 : 3;
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("responders")
    void aScriptedResponderIsJudgedAsItResponded(String scenario, String script, @TempDir Path home) throws Exception {
        Path file = HeadlessLauncher.RESPONDERS.resolve(script);
        assertTrue(Files.isRegularFile(file), "every bundled scenario has a runbook and a mistake: " + file);
        List<String> expected = expectedMistakes(file);
        AppDirectories dirs = new AppDirectories(home.resolve("config"), home.resolve("data"));
        HeadlessLauncher.Ran ran = launcher.drillRun(dirs, "drill", "run", scenario, "--pace", "10", "--responder",
                HeadlessLauncher.responder(script));
        int code = ran.code();
        String report = ran.out();
        String log = ran.log();

        DrillResults.Read kept = new DrillResults(dirs.data().resolve("drills")).read(scenario);
        assertEquals(1, kept.results().size(), "one result kept for the run\n" + log);
        DrillReport r = DrillResults.readReport(Path.of(kept.results().getFirst().report() + ".json"));
        List<String> made = r.mistakes().stream().map(m -> m.mistake().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .toList();
        figures(script, r);
        assertTrue(r.timeline().stream().noneMatch(t -> t.kind() == TimelineEvent.Kind.OPERATOR
                        && t.text().startsWith("resume ") && t.text().contains(" before deleting them")),
                "a resume is one action on the timeline (confirmed, then its outcome), not its saved original too\n" + log);
        if (expected.isEmpty()) {
            assertEquals(0, code, "the runbook recovers " + scenario + "\n" + log);
            assertTrue(r.recovered(), log);
            assertEquals(List.of(), made, "the runbook makes no mistake\n" + log);
            for (DrillReport.FaultResult f : r.faults()) {
                assertTrue(f.struck(), f.id() + " struck\n" + log);
                assertEquals(List.of(), f.goalsMissed(), f.id() + ": every goal met\n" + log);
            }
        } else {
            for (String m : expected) {
                assertTrue(made.contains(m), "the report names the mistake " + m + "\n" + log);
                assertTrue(report.contains(m + ": "), "the printed report says " + m + "\n" + log);
            }
            assertEquals(r.recovered() ? 0 : 1, code, log);
        }
    }

    /** One line per run in target/drill-runs.tsv: the figures of each scripted run, for the README and a reviewer. */
    private static void figures(String script, DrillReport r) throws IOException {
        DrillReport.FaultResult first = r.faults().stream().filter(DrillReport.FaultResult::struck).findFirst().orElse(null);
        String line = String.join("\t", script, r.outcome().name(), DrillClock.offset(r.duration()),
                first == null ? "" : time(first.toDetect()), first == null ? "" : time(first.toMitigate()),
                first == null ? "" : time(first.toRecover()), String.format(Locale.ROOT, "%.1f", r.gpuHoursLost()),
                String.join(" ", r.mistakes().stream().map(m -> m.mistake().name()).toList())) + "\n";
        Files.writeString(Path.of("target", "drill-runs.tsv"), line, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
    }

    private static String time(java.time.Duration d) {
        return d == null ? "-" : DrillClock.offset(d);
    }

    /** The mistakes a mistake responder declares in its {@code # expect-mistake: a b} line; none for a runbook. */
    private static List<String> expectedMistakes(Path script) throws IOException {
        return Files.readAllLines(script).stream().filter(l -> l.startsWith("# expect-mistake:"))
                .flatMap(l -> Arrays.stream(l.substring("# expect-mistake:".length()).trim().split("\\s+")))
                .toList();
    }
}
