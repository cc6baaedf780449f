package dev.flightdeck.app.checkpoints;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checkpoint discovery against a real S3-protocol server (S3Proxy, in this JVM). */
class CheckpointObjectStoreTest {

    private static S3TestServer server;
    private static ObjectStoreCheckpoints store;

    @BeforeAll
    static void start() throws Exception {
        server = new S3TestServer();
        server.bucket("ckpt");
        store = server.client();
    }

    @AfterAll
    static void stop() throws Exception {
        store.close();
        server.close();
    }

    private static List<Long> steps(CheckpointStatus s) {
        return s.recent().stream().map(Checkpoint::step).toList();
    }

    private static void assertSameSecond(Instant expected, Instant actual) {
        assertEquals(expected.truncatedTo(ChronoUnit.SECONDS), actual.truncatedTo(ChronoUnit.SECONDS));
    }

    @Test
    void dcpTakesNewestStepWithMetadataAndSkipsANewerOneStillBeingWritten() {
        for (int step : new int[] {100, 200, 900}) {
            server.put("ckpt", "dcp/step-" + step + "/__0_0.distcp", "shard");
            server.put("ckpt", "dcp/step-" + step + "/.metadata", "meta");
        }
        server.put("ckpt", "dcp/step-1000/__0_0.distcp", "shard");
        Instant done = server.put("ckpt", "dcp/step-1000/.metadata", "meta");
        // step-1100 is mid-save: shards there, .metadata not yet. (Also sorts before step-900 as text.)
        server.put("ckpt", "dcp/step-1100/__0_0.distcp", "shard");
        server.put("ckpt", "dcp/step-1100/__1_0.distcp", "shard");

        CheckpointStatus s = store.read("s3://ckpt/dcp/");

        assertEquals(CheckpointSource.OBJECT_STORAGE, s.source());
        assertNull(s.problem());
        assertEquals(new Checkpoint("s3://ckpt/dcp/step-1000/", 1000, s.newest().completedAt(),
                "s3://ckpt/dcp/step-1000/.metadata"), s.newest());
        assertSameSecond(done, s.newest().completedAt());
        assertEquals(List.of(1000L, 900L, 200L, 100L), steps(s));
    }

    @Test
    void megatronTrustsTheTrackerNotTheNewestFolder() {
        server.put("ckpt", "megatron/iter_0000100/.metadata", "meta");
        server.put("ckpt", "megatron/iter_0000100/__0_0.distcp", "shard");
        server.put("ckpt", "megatron/iter_0000200/.metadata", "meta");
        server.put("ckpt", "megatron/iter_0000200/__0_0.distcp", "shard");
        Instant tracked = server.put("ckpt", "megatron/latest_checkpointed_iteration.txt", "200\n");
        // iter 300 is being saved: its folder exists, the tracker still says 200.
        server.put("ckpt", "megatron/iter_0000300/__0_0.distcp", "shard");

        CheckpointStatus s = store.read("s3://ckpt/megatron");

        assertNull(s.problem());
        assertEquals("s3://ckpt/megatron/iter_0000200/", s.newest().uri());
        assertEquals(200, s.newest().step());
        assertEquals("s3://ckpt/megatron/latest_checkpointed_iteration.txt", s.newest().marker());
        assertSameSecond(tracked, s.newest().completedAt());
        assertEquals(List.of(200L, 100L), steps(s));
    }

    @Test
    void huggingFaceTakesNewestCheckpointWithTrainerState() {
        server.put("ckpt", "hf/checkpoint-500/model.safetensors", "w");
        server.put("ckpt", "hf/checkpoint-500/trainer_state.json", "{}");
        server.put("ckpt", "hf/checkpoint-1000/model.safetensors", "w");
        Instant done = server.put("ckpt", "hf/checkpoint-1000/trainer_state.json", "{}");
        server.put("ckpt", "hf/checkpoint-1500/model.safetensors", "w"); // crashed before trainer_state.json

        CheckpointStatus s = store.read("s3://ckpt/hf/");

        assertNull(s.problem());
        assertEquals(new Checkpoint("s3://ckpt/hf/checkpoint-1000/", 1000, s.newest().completedAt(),
                "s3://ckpt/hf/checkpoint-1000/trainer_state.json"), s.newest());
        assertSameSecond(done, s.newest().completedAt());
        assertEquals(List.of(1000L, 500L), steps(s));
    }

    @Test
    void onlyAnIncompleteStepIsNoCheckpoint() {
        server.put("ckpt", "partial/step-300/__0_0.distcp", "shard");

        CheckpointStatus s = store.read("s3://ckpt/partial/");

        assertNull(s.newest());
        assertEquals(List.of(), s.recent());
        assertEquals("no complete checkpoint under s3://ckpt/partial/: step-300/ has no .metadata yet"
                + " (a save in progress, or one that crashed)", s.problem());
    }

    @Test
    void emptyPrefix() {
        CheckpointStatus s = store.read("s3://ckpt/nothing-here/");

        assertEquals(CheckpointSource.OBJECT_STORAGE, s.source());
        assertNull(s.newest());
        assertEquals("no checkpoints under s3://ckpt/nothing-here/", s.problem());
    }

    @Test
    void prefixWithOtherThingsOnly() {
        server.put("ckpt", "other/logs/rank0.txt", "log");
        server.put("ckpt", "other/config.yaml", "cfg");

        assertEquals("no checkpoints under s3://ckpt/other/ (2 entries, none shaped like step-<N>/.metadata,"
                        + " iter_<7 digits>/ with latest_checkpointed_iteration.txt or checkpoint-<N>/trainer_state.json)",
                store.read("s3://ckpt/other/").problem());
    }

    @Test
    void wrongSecretKeyIsAccessDenied() {
        try (ObjectStoreCheckpoints wrong = new ObjectStoreCheckpoints(server.settings(),
                S3TestServer.credentials(S3TestServer.ACCESS_KEY, "wrong-secret"))) {
            String problem = wrong.read("s3://ckpt/dcp/").problem();
            assertEquals("access denied listing s3://ckpt/dcp/ (403 SignatureDoesNotMatch): the object store does not"
                            + " accept the console's AWS credentials (wrong or expired keys, or keys for another endpoint)",
                    problem);
            assertFalse(problem.contains("wrong-secret") || problem.contains(S3TestServer.ACCESS_KEY), "no keys in the line");
        }
    }

    @Test
    void unknownAccessKeyIsAccessDenied() {
        try (ObjectStoreCheckpoints wrong = new ObjectStoreCheckpoints(server.settings(),
                S3TestServer.credentials("someone-else", S3TestServer.SECRET_KEY))) {
            assertEquals("access denied listing s3://ckpt/dcp/ (403 InvalidAccessKeyId): the object store does not"
                            + " accept the console's AWS credentials (wrong or expired keys, or keys for another endpoint)",
                    wrong.read("s3://ckpt/dcp/").problem());
        }
    }

    @Test
    void bucketPolicyDenialIsAccessDenied() {
        server.bucket("locked");
        server.deniedBuckets.add("locked");

        assertEquals("access denied listing s3://locked/llm/ (403 AccessDenied): the console's AWS credentials"
                + " may not read this prefix", store.read("s3://locked/llm/").problem());
    }

    @Test
    void noSuchBucket() {
        assertEquals("bucket no-such-bucket does not exist (404 NoSuchBucket) listing s3://no-such-bucket/llm/:"
                        + " check flightdeck.dev/checkpoint-prefix and the cluster's S3 endpoint setting",
                store.read("s3://no-such-bucket/llm/").problem());
    }

    @Test
    void endpointDownIsSaidPlainly() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        URI down = URI.create("http://127.0.0.1:" + port);
        try (ObjectStoreCheckpoints client = new ObjectStoreCheckpoints(new S3Settings(down, "us-east-1", true),
                S3TestServer.credentials(S3TestServer.ACCESS_KEY, S3TestServer.SECRET_KEY))) {
            CheckpointStatus s = client.read("s3://ckpt/dcp/");

            assertEquals(CheckpointSource.OBJECT_STORAGE, s.source());
            assertNull(s.newest());
            assertEquals("cannot reach http://127.0.0.1:" + port + " listing s3://ckpt/dcp/"
                    + " (ConnectException: Connection refused): is the object store up and the endpoint setting right?",
                    s.problem());
        }
    }

    /**
     * A store that drops every connection is tried twice for a read (one retry), not again and again
     * with backoff: the count of connections it accepted says so, whatever the machine's speed. (The
     * JDK's URLConnection sends a GET once more on a connection closed before any answer, so each
     * attempt is two connections.)
     */
    @Test
    void aStoreThatDropsEveryConnectionIsTriedOnceMoreThenSaid() throws Exception {
        java.util.concurrent.atomic.AtomicInteger accepted = new java.util.concurrent.atomic.AtomicInteger();
        try (ServerSocket dropping = new ServerSocket(0)) {
            Thread.ofVirtual().start(() -> {
                while (!dropping.isClosed()) {
                    try (java.net.Socket c = dropping.accept()) {
                        accepted.incrementAndGet();
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            URI endpoint = URI.create("http://127.0.0.1:" + dropping.getLocalPort());
            try (ObjectStoreCheckpoints client = new ObjectStoreCheckpoints(new S3Settings(endpoint, "us-east-1", true),
                    S3TestServer.credentials(S3TestServer.ACCESS_KEY, S3TestServer.SECRET_KEY))) {
                CheckpointStatus s = client.read("s3://ckpt/dcp/");
                assertNull(s.newest());
                assertTrue(s.problem().startsWith(endpoint + " dropped the connection listing s3://ckpt/dcp/ (SocketException: "),
                        s.problem());
            }
        }
        assertEquals(4, accepted.get(), "connections the dropping store accepted for one read: 2 attempts × 2");
    }

    @Test
    void malformedPrefixAnnotation() {
        assertEquals("flightdeck.dev/checkpoint-prefix \"gs://ckpt/llm/\" is not an s3://bucket/path/ prefix:"
                + " it does not start with s3://", store.read("gs://ckpt/llm/").problem());
        assertEquals("flightdeck.dev/checkpoint-prefix \"s3://Ckpt_Bucket/llm/\" is not an s3://bucket/path/ prefix:"
                + " 'Ckpt_Bucket' is not a valid bucket name", store.read("s3://Ckpt_Bucket/llm/").problem());
        assertEquals("flightdeck.dev/checkpoint-prefix \"s3:///llm/\" is not an s3://bucket/path/ prefix:"
                + " it names no bucket", store.read("s3:///llm/").problem());
    }

    @Test
    void oneReadListsOnce() {
        server.put("ckpt", "once/step-1/.metadata", "meta");
        int before = server.lists.get();

        store.read("s3://ckpt/once/");

        assertEquals(1, server.lists.get() - before);
    }
}
