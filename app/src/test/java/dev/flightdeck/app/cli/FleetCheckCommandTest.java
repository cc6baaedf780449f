package dev.flightdeck.app.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.UsageException;
import dev.flightdeck.sandbox.SandboxCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code check --context a,b,c} and {@code --all-contexts} over two sandboxes, a cluster that is
 * down, a context whose credential plugin fails and a name the kubeconfig does not have.
 */
class FleetCheckCommandTest {

    private static SandboxCluster a;
    private static SandboxCluster b;
    private static Path kubeconfig;
    private static Path twoGood;

    @BeforeAll
    static void start(@TempDir Path dir) throws IOException {
        a = dev.flightdeck.app.TestSandboxes.remembered(SandboxCluster.startQuiet(16));
        b = dev.flightdeck.app.TestSandboxes.remembered(SandboxCluster.startQuiet(24));
        int down;
        try (ServerSocket s = new ServerSocket(0)) {
            down = s.getLocalPort();
        }
        kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - {name: a, cluster: {server: "%s"}}
                - {name: b, cluster: {server: "%s"}}
                - {name: down, cluster: {server: "http://127.0.0.1:%d"}}
                users:
                - {name: anon, user: {}}
                - name: plugin-fails
                  user:
                    exec: {apiVersion: client.authentication.k8s.io/v1, command: "false", interactiveMode: Never}
                contexts:
                - {name: train-a, context: {cluster: a, user: anon}}
                - {name: train-b, context: {cluster: b, user: anon}}
                - {name: down, context: {cluster: down, user: anon}}
                - {name: creds, context: {cluster: a, user: plugin-fails}}
                current-context: train-a
                """.formatted(a.url(), b.url(), down));
        twoGood = dir.resolve("two");
        Files.writeString(twoGood, Files.readString(kubeconfig).replaceAll("(?s)- \\{name: down, context.*current", "current"));
    }

    @AfterAll
    static void stop() {
        a.close();
        b.close();
    }

    private record Ran(int code, List<String> out, String err) { }

    private static Ran check(String... args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] all = new String[args.length + 1];
        all[0] = "check";
        System.arraycopy(args, 0, all, 1, args.length);
        int rc = CheckCommand.run(LaunchOptions.parse(all), Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(rc, out.toString(StandardCharsets.UTF_8).lines().toList(), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theFleetTableComesFirstThenEachReadableClusterAndTheUnreadableAreNamedOnStderr() throws Exception {
        Ran r = check("--kubeconfig", kubeconfig.toString(), "--context", "train-a,train-b,down,creds,nowhere");
        System.out.println(String.join("\n", r.out()) + "\n--- stderr ---\n" + r.err());
        assertEquals(CheckCommand.OK, r.code(), r.err());
        assertTrue(r.out().getFirst().startsWith("fleet: 5 clusters (3 not readable); "), r.out().getFirst());
        assertTrue(r.out().getFirst().contains("/" + (16 + 24) * 8 + " GPUs usable"), r.out().getFirst());
        List<String> rows = r.out().subList(1, 6);
        assertEquals(List.of("creds", "down", "nowhere"), rows.subList(0, 3).stream().map(l -> l.split(" +")[0]).sorted()
                .toList(), "the clusters that cannot be seen on top: " + rows);
        assertTrue(rows.stream().allMatch(l -> !l.startsWith("train-") || l.matches("train-[ab] +live +data .*")), rows.toString());
        assertTrue(rows.stream().anyMatch(l -> l.matches("nowhere +cannot connect +context 'nowhere' is not in kubeconfig .*")),
                rows.toString());
        assertTrue(r.out().contains("== train-a =="), r.out().toString());
        assertTrue(r.out().contains("== train-b =="), r.out().toString());
        int sectionA = r.out().indexOf("== train-a ==");
        assertTrue(r.out().get(sectionA + 1).startsWith("16 GPU nodes"), r.out().get(sectionA + 1));
        assertTrue(r.out().get(r.out().indexOf("== train-b ==") + 1).startsWith("24 GPU nodes"), r.out().toString());
        assertTrue(r.out().stream().noneMatch(l -> l.startsWith("== down") || l.startsWith("== creds")));
        List<String> err = r.err().lines().toList();
        assertTrue(err.stream().anyMatch(l -> l.startsWith("flightdeck: down: cannot reach http://127.0.0.1:")), r.err());
        assertTrue(err.stream().anyMatch(l -> l.startsWith("flightdeck: creds: ")), r.err());
        assertTrue(err.stream().anyMatch(l -> l.startsWith("flightdeck: nowhere: context 'nowhere' is not in kubeconfig")),
                r.err());
        assertEquals(3, err.size(), "one line per unreadable cluster, nothing else: " + r.err());
    }

    @Test
    void exitThreeOnlyWhenNoneCouldBeRead() throws Exception {
        Ran r = check("--kubeconfig", kubeconfig.toString(), "--context", "down,nowhere");
        assertEquals(CheckCommand.UNREADABLE, r.code(), r.out() + r.err());
        assertEquals(2, r.err().lines().count(), r.err());
    }

    @Test
    void allContextsOpensEveryContextOfTheKubeconfig() throws Exception {
        Ran r = check("--kubeconfig", twoGood.toString(), "--all-contexts");
        assertEquals(CheckCommand.OK, r.code(), r.err());
        assertTrue(r.out().getFirst().startsWith("fleet: 2 clusters; "), r.out().getFirst());
        assertTrue(r.out().getFirst().contains("/320 GPUs usable"), r.out().getFirst());
        assertEquals("", r.err(), "nothing unreadable");
    }

    @Test
    void anActionOrADrillTakesOneContext() {
        UsageException e = assertThrows(UsageException.class,
                () -> LaunchOptions.parse("drain", "gpu-node-001", "--context", "train-a,train-b"));
        assertTrue(e.getMessage().startsWith("several contexts are for check and the console"), e.getMessage());
        assertThrows(UsageException.class, () -> LaunchOptions.parse("check", "--all-contexts", "--context", "a"));
        assertThrows(UsageException.class, () -> LaunchOptions.parse("check", "--context", "a,,b"));
    }
}
