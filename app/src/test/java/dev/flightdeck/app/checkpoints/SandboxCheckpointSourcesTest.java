package dev.flightdeck.app.checkpoints;

import dev.flightdeck.app.SandboxSession;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.gangs.GangSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sandbox session reads checkpoints the way it would on a cluster: some gangs from the
 * sandbox's object storage (through the AWS SDK, one layout each), others from annotations.
 */
class SandboxCheckpointSourcesTest {

    private static SandboxSession sandbox;

    @BeforeAll
    static void open() throws Exception {
        sandbox = SandboxSession.open(64);
    }

    @AfterAll
    static void close() {
        sandbox.close();
    }

    private static CheckpointStatus status(GangSystem system, String ns, String name) throws InterruptedException {
        GangKey key = new GangKey(system, ns, name);
        SandboxSession.eventually(name + " assembled with its workload object", () -> {
            Gang g = sandbox.session.model().gang(key);
            return g != null && g.annotations().containsKey(CheckpointAnnotations.PREFIX);
        });
        return sandbox.session.checkpoints().read(sandbox.session.model().gang(key).annotations());
    }

    @Test
    void dcpRunSkipsTheSaveStillInProgress() throws Exception {
        CheckpointStatus s = status(GangSystem.INDEXED_JOB, "training", "llm-pretrain");
        assertNull(s.problem());
        assertEquals(CheckpointSource.OBJECT_STORAGE, s.source());
        assertEquals(4200, s.newest().step(), "step-4400 has shards but no .metadata yet");
        assertEquals("s3://sandbox-checkpoints/training/llm-pretrain/step-4200/", s.newest().uri());
        assertEquals(4, s.recent().size());
        assertEquals(Duration.ofMinutes(30), Duration.between(s.recent().get(1).completedAt(), s.recent().get(0).completedAt()));
    }

    @Test
    void megatronAndHuggingFaceRunsReadFromObjectStorage() throws Exception {
        CheckpointStatus megatron = status(GangSystem.MPIJOB, "research", "bert-large");
        assertEquals(CheckpointSource.OBJECT_STORAGE, megatron.source());
        assertEquals(12000, megatron.newest().step());
        CheckpointStatus hf = status(GangSystem.PYTORCHJOB, "research", "llama-sft");
        assertEquals(CheckpointSource.OBJECT_STORAGE, hf.source());
        assertEquals(2400, hf.newest().step());
        assertNotNull(hf.age(Instant.now()).orElse(null));
    }

    @Test
    void otherGangsStillUseAnnotations() throws Exception {
        GangKey key = new GangKey(GangSystem.JOBSET, "research", "vision-pretrain");
        SandboxSession.eventually("vision-pretrain", () -> sandbox.session.model().gang(key) != null
                && sandbox.session.model().gang(key).annotations().containsKey(CheckpointAnnotations.URI));
        CheckpointStatus s = sandbox.session.checkpoints().read(sandbox.session.model().gang(key).annotations());
        assertEquals(CheckpointSource.ANNOTATIONS, s.source());
        assertTrue(s.age(Instant.now()).orElseThrow().toHours() >= 4, "the sandbox's stale checkpoint");
    }
}
