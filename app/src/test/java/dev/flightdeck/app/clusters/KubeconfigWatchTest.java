package dev.flightdeck.app.clusters;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.KubeContext;
import dev.flightdeck.app.connect.KubeconfigLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A kubeconfig edited while the console runs: a context added or removed is handed on re-read, a
 * broken edit is one line in words, an untouched file is not read again; and a context whose entry
 * did not change is the same cluster to the fleet, so it keeps its session.
 */
class KubeconfigWatchTest {

    private static final String TWO = """
            apiVersion: v1
            kind: Config
            users: [{name: u, user: {}}]
            clusters: [{name: a, cluster: {server: "https://a.example:6443"}}, {name: b, cluster: {server: "https://b.example:6443"}}]
            contexts: [{name: east, context: {cluster: a, user: u}}, {name: west, context: {cluster: b, user: u}}]
            current-context: east
            """;

    private static void touch(Path f, String text, int second) throws Exception {
        Files.writeString(f, text);
        Files.setLastModifiedTime(f, FileTime.from(Instant.parse("2026-11-25T00:00:00Z").plusSeconds(second)));
    }

    @Test
    void changesAreHandedOnAndABrokenEditIsSaidInWords(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("config");
        touch(f, TWO, 0);
        List<KubeconfigWatch.Change> seen = new ArrayList<>();
        try (KubeconfigWatch w = new KubeconfigWatch(List.of(f), seen::add)) {
            w.poll();
            assertTrue(seen.isEmpty(), "nothing changed, nothing read");

            touch(f, TWO.replace("current-context", "- {name: lab, context: {cluster: a, user: u}}\ncurrent-context")
                    .replace("contexts: [{name: east, context: {cluster: a, user: u}}, {name: west, context: {cluster: b, user: u}}]",
                            "contexts:\n- {name: east, context: {cluster: a, user: u}}\n- {name: west, context: {cluster: b, user: u}}"), 1);
            w.poll();
            assertEquals(1, seen.size());
            assertNull(seen.getLast().problem());
            assertEquals(List.of("east", "west", "lab"), seen.getLast().kubeconfig().contexts().stream().map(KubeContext::name).toList());

            touch(f, "apiVersion: v1\nkind: Config\ncontexts: [ {name: east", 2);
            w.poll();
            assertEquals(2, seen.size());
            assertNull(seen.getLast().kubeconfig());
            assertTrue(seen.getLast().problem().contains("not valid YAML"), seen.getLast().problem());

            Files.delete(f);
            w.poll();
            assertEquals(3, seen.size(), "a removed file is a change too");
            assertNull(seen.getLast().kubeconfig(), "gone: the open clusters are left as they are");
            assertTrue(seen.getLast().problem().endsWith("config: it does not exist"), seen.getLast().problem());

            touch(f, "apiVersion: v1\nkind: Config\n", 3);
            w.poll();
            assertNull(seen.getLast().kubeconfig(), "emptied: the open clusters are left as they are");
            assertTrue(seen.getLast().problem().contains("defines no contexts now"), seen.getLast().problem());
        }
    }

    @Test
    void aContextWhoseEntryDidNotChangeIsTheSameClusterAndAChangedOneIsNot(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("config");
        touch(f, TWO, 0);
        var before = KubeconfigLoader.load(List.of(f));
        touch(f, TWO.replace("https://b.example:6443", "https://b2.example:6443"), 1);
        var after = KubeconfigLoader.load(List.of(f));
        assertTrue(ClusterFleet.sameCluster(new ConnectionTarget.Context(before, "east"), new ConnectionTarget.Context(after, "east")));
        assertFalse(ClusterFleet.sameCluster(new ConnectionTarget.Context(before, "west"), new ConnectionTarget.Context(after, "west")),
                "west moved to another server: opened again");
        assertFalse(ClusterFleet.sameCluster(new ConnectionTarget.Context(before, "east"),
                new ConnectionTarget.Context(KubeconfigLoader.load(List.of(f)), "gone")));
        // Turning TLS verification off (or on again) is reaching the cluster another way: its session reopens,
        // so the client's setting and what the console shows follow the file.
        touch(f, TWO.replace("{server: \"https://a.example:6443\"}",
                "{server: \"https://a.example:6443\", insecure-skip-tls-verify: true}"), 2);
        var insecure = KubeconfigLoader.load(List.of(f));
        assertTrue(insecure.context("east").orElseThrow().tlsVerificationOff());
        assertFalse(ClusterFleet.sameCluster(new ConnectionTarget.Context(before, "east"), new ConnectionTarget.Context(insecure, "east")));
        assertTrue(ClusterFleet.sameCluster(new ConnectionTarget.Context(before, "west"), new ConnectionTarget.Context(insecure, "west")));
    }
}
