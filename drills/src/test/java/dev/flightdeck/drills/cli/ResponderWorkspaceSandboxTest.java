package dev.flightdeck.drills.cli;

import dev.flightdeck.testkit.TestSecrets;
import dev.flightdeck.drills.Scenario;
import dev.flightdeck.drills.ScenarioCatalog;
import dev.flightdeck.drills.world.SandboxWorld;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A drill's responder is a user's script: it gets the drill's cluster as any client does (a kubeconfig,
 * the object store's dummy keys), never the token of the sandbox's control surface, with which it could
 * switch the drill's faults off itself.
 */
class ResponderWorkspaceSandboxTest {

    @Test
    void theRespondersEnvironmentAndFolderHoldNoControlToken(@TempDir Path dir) throws Exception {
        Scenario s = ScenarioCatalog.bundled().getFirst();
        SandboxWorld world = SandboxWorld.start(s, Instant.now());
        try {
            String token = TestSecrets.remember(world.cluster().controlToken());
            assertTrue(token != null && token.length() >= 43, "the drill's sandbox has a control token");
            ResponderWorkspace ws = ResponderWorkspace.create(dir, s, world, "drill-" + s.id(), List.of(), null, null, 1);

            assertTrue(ws.env().containsKey("KUBECONFIG"), ws.env().keySet().toString());
            ws.env().forEach((k, v) -> assertFalse(v.contains(token), "the control token is in the responder's " + k));
            assertFalse(ws.exports().contains(token), "the control token is in the lines a person would paste");
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    assertFalse(Files.readString(f).contains(token), "the control token is in the responder's " + f);
                }
            }

            // What the responder's process really gets: the JVM's own environment and the drill's.
            CountDownLatch exited = new CountDownLatch(1);
            int[] code = {-1};
            ResponderProcess.start("env; echo end-of-env", dir, dir, ws.env(),
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), c -> {
                        code[0] = c;
                        exited.countDown();
                    });
            assertTrue(exited.await(30, TimeUnit.SECONDS), "the responder ends");
            assertEquals(0, code[0]);
            Path log = dir.resolve("responder.log");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!(Files.exists(log) && Files.readString(log).contains("end-of-env")) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            String env = Files.readString(log);
            assertTrue(env.contains("end-of-env") && env.contains("FLIGHTDECK_DRILL=" + s.id()), "its environment was read");
            assertFalse(env.contains(token), "the control token is in the responder's environment");
        } finally {
            world.tearDown();
        }
    }
}
