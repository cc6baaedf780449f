package dev.flightdeck.app.cli;

import dev.flightdeck.app.TestSandboxes;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code flightdeck events} against a running sandbox through a kubeconfig, as a runbook runs it: the
 * Events the sandbox holds as a cluster would (the scheduler's FailedScheduling for the ranks gated by
 * preflight, node lifecycle's NodeNotReady) and the FlightdeckCordon the console records, newest first,
 * the console's own marked; per node, pod and gang; Warnings; a recent window; bad input in one line.
 */
class EventsCommandSandboxTest {

    private static SandboxCluster sandbox;
    private static Path kubeconfig;

    record Run(int exit, List<String> out, String err) {
    }

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        sandbox = TestSandboxes.remembered(SandboxCluster.startQuiet(64));
        kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters: [{name: sandbox, cluster: {server: %s}}]
                users: [{name: sre, user: {}}]
                contexts: [{name: sandbox, context: {cluster: sandbox, user: sre}}]
                current-context: sandbox
                """.formatted(sandbox.url()));
        Run cordon = run("cordon", "gpu-node-012", "--confirm", "gpu-node-012", "--reason", "Xid 79 on GPU 5");
        assertEquals(0, cordon.exit(), cordon.err());
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    static Run run(String... args) {
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of(
                "--kubeconfig", kubeconfig.toString())).toArray(String[]::new);
        return raw(all);
    }

    static Run raw(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Headless.run(args, Map.of("HOME", System.getProperty("java.io.tmpdir")),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8).lines().toList(), err.toString(StandardCharsets.UTF_8));
    }

    /** The rows without the header, as "TYPE REASON OBJECT COUNT" with the mark when it is the console's own. */
    static List<String> rows(Run r) {
        assertTrue(r.out().getFirst().matches("\\s+LAST SEEN\\s+TYPE\\s+REASON\\s+OBJECT\\s+COUNT\\s+MESSAGE"), r.out().getFirst());
        return r.out().stream().skip(1).map(l -> {
            String[] c = l.substring(1).trim().split("\\s{2,}");
            return (l.startsWith("◆") ? "◆ " : "") + c[1] + " " + c[2] + " " + c[3] + " " + c[4];
        }).toList();
    }

    @Test
    void theClustersEventsNewestFirstTheConsolesOwnMarked() {
        Run r = run("events");
        assertEquals(0, r.exit(), r.err());
        System.out.println("flightdeck events (sandbox):\n" + String.join("\n", r.out()));
        List<String> rows = rows(r);
        assertEquals("◆ Normal FlightdeckCordon node/gpu-node-012 1", rows.getFirst(), "the newest: the cordon just made");
        assertTrue(r.out().get(1).endsWith("  gpu-node-012 cordoned: Xid 79 on GPU 5 (by sandbox-admin)"), r.out().get(1));
        List<String> failed = rows.stream().filter(l -> l.contains("FailedScheduling")).toList();
        assertEquals(2, failed.size(), rows.toString());
        assertTrue(failed.stream().allMatch(l -> l.matches("Warning FailedScheduling pod training/llm-pretrain-3[01]-\\w+ 9")),
                failed.toString());
        assertEquals("Normal NodeNotReady node/gpu-node-050 1", rows.getLast(), "the oldest: ten minutes ago");
    }

    @Test
    void perNodePodAndGangAndOnlyWarningsOrTheRecent() {
        assertEquals(List.of("◆ Normal FlightdeckCordon node/gpu-node-012 1"), rows(run("events", "--for", "node/gpu-node-012")));
        List<String> warnings = rows(run("events", "--warnings"));
        assertEquals(2, warnings.size());
        assertTrue(warnings.stream().allMatch(l -> l.startsWith("Warning FailedScheduling")), warnings.toString());

        Run gang = run("events", "--for", "training/llm-pretrain");
        assertEquals(0, gang.exit(), gang.err());
        List<String> ranks = rows(gang);
        assertEquals(2, ranks.size(), ranks.toString());
        String pod = ranks.getFirst().split(" ")[3].substring("training/".length());
        assertEquals(List.of(ranks.getFirst()), rows(run("events", "--for", "training/pod/" + pod)));

        List<String> recent = rows(run("events", "--since", "5m"));
        assertTrue(recent.stream().noneMatch(l -> l.contains("NodeNotReady")), "ten minutes old: " + recent);
        assertEquals(3, recent.size(), recent.toString());

        Run none = run("events", "--for", "node/gpu-node-001", "--since", "1h");
        assertEquals(0, none.exit());
        assertEquals(List.of(), none.out());
        assertEquals("flightdeck: no Events of node/gpu-node-001 in the last 1h (the API server keeps Events for its "
                + "--event-ttl, an hour by default)\n", none.err());
    }

    @Test
    void badInputIsOneClearLine() {
        Run form = run("events", "--for", "training/pod/x/y");
        assertEquals(2, form.exit());
        assertEquals("flightdeck: --for takes node/NAME, NAMESPACE/pod/NAME or NAMESPACE/GANG, not 'training/pod/x/y'\n",
                form.err());
        Run since = run("events", "--since", "soon");
        assertEquals(2, since.exit());
        assertEquals("flightdeck: --since needs a duration such as 10m, 1h or 2d, not 'soon'\n", since.err());
        Run stray = run("check", "--warnings");
        assertEquals(2, stray.exit());
        assertEquals("flightdeck: --for, --warnings and --since belong to the events command\n", stray.err());
        Run gang = run("events", "--for", "training/no-such-gang");
        assertEquals(3, gang.exit());
        assertEquals("flightdeck: events: no gang training/no-such-gang in the cluster (as the console sees it)\n", gang.err());
    }
}
