package dev.flightdeck.drills.cli;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code flightdeck drill list | validate FILE}: what can be rehearsed, and why a scenario is refused. */
class DrillCommandTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Path userDir, String... args) throws UsageException {
        return DrillCommand.run(LaunchOptions.parse(args), userDir, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void listShowsTheBundledDrillsThenTheUsersAndNamesARefusedFileWithWhere(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("broken.yaml"), "id: broken\ntitle: x\nlevel: hard\n");
        assertEquals(0, run(dir, "drill", "list"));
        String listed = out.toString(StandardCharsets.UTF_8);
        assertTrue(listed.lines().anyMatch(l -> l.startsWith("rank-crash") && l.contains("warm-up")
                && l.contains("rank-crash — One rank crashes and halts its gang")), listed);
        assertTrue(listed.contains("xid-behind-a-budget"), listed);
        assertEquals("flightdeck: refused " + dir.resolve("broken.yaml")
                        + ":3:8: unknown level 'hard'; known: [warm-up, standard, incident]\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void validateSaysValidOrWhereItIsWrong(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("mine.yaml");
        Files.writeString(bad, "id: Mine!\n");
        assertEquals(2, run(dir, "drill", "validate", bad.toString()));
        assertEquals("flightdeck: " + bad + ":1:5: id must be lower-case letters, digits and dashes, not 'Mine!'\n",
                err.toString(StandardCharsets.UTF_8));

        Path good = dir.resolve("good.yaml");
        try (var in = getClass().getResourceAsStream("/dev/flightdeck/drills/scenarios/rank-crash.yaml")) {
            Files.write(good, in.readAllBytes());
        }
        assertEquals(0, run(dir, "drill", "validate", good.toString()));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith(good + ": valid — rank-crash: One rank crashes"),
                out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void drillNeedsASubcommandAndItsFlagsTheirs() throws UsageException {
        UsageException e = assertThrows(UsageException.class, () -> LaunchOptions.parse("drill", "meteor"));
        assertEquals("drill takes list, validate FILE, run SCENARIO or cleanup, not 'meteor'", e.getMessage());
        assertEquals("drill run needs a value", assertThrows(UsageException.class,
                () -> LaunchOptions.parse("drill", "run")).getMessage());
        assertEquals("--responder and --pace belong to drill run SCENARIO", assertThrows(UsageException.class,
                () -> LaunchOptions.parse("drill", "list", "--pace", "10")).getMessage());
        assertEquals("--pace must be between 1 and 100, not 0.5", assertThrows(UsageException.class,
                () -> LaunchOptions.parse("drill", "run", "rank-crash", "--pace", "0.5")).getMessage());
        assertEquals("--run belongs to drill cleanup", assertThrows(UsageException.class,
                () -> LaunchOptions.parse("drill", "run", "rank-crash", "--run", "rank-crash-1a2b3c")).getMessage());
        LaunchOptions cleanup = LaunchOptions.parse("drill", "cleanup", "--context", "staging", "--run", "rank-crash-1a2b3c",
                "--confirm", "rank-crash-1a2b3c");
        assertEquals("rank-crash-1a2b3c", cleanup.drill().run());
        assertEquals("rank-crash-1a2b3c", cleanup.drill().confirm());
    }
}
