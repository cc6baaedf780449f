package dev.flightdeck.app.checkpoints;

import dev.flightdeck.app.MutableClock;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Source order, fallback and the per-prefix cache, against a real S3-protocol server. */
class CheckpointServiceTest {

    private static final Instant T0 = Instant.parse("2026-11-22T04:00:00Z");

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

    @Test
    void listsAPrefixAtMostOncePerInterval() {
        server.put("ckpt", "cache/step-100/.metadata", "meta");
        MutableClock clock = new MutableClock(T0);
        CheckpointService service = new CheckpointService(store, CheckpointService.DEFAULT_INTERVAL, clock);
        Map<String, String> gangA = Map.of(CheckpointAnnotations.PREFIX, "s3://ckpt/cache/");
        Map<String, String> gangB = Map.of(CheckpointAnnotations.PREFIX, "s3://ckpt/cache/"); // same run, two objects
        int before = server.lists.get();

        assertEquals(100, service.read(gangA).newest().step());
        server.put("ckpt", "cache/step-200/.metadata", "meta"); // a new save lands within the interval
        clock.advance(Duration.ofSeconds(59));
        assertEquals(100, service.read(gangA).newest().step());
        assertEquals(100, service.read(gangB).newest().step());
        assertEquals(1, server.lists.get() - before, "LISTs the server saw within the interval");

        clock.advance(Duration.ofSeconds(1));
        assertEquals(200, service.read(gangA).newest().step());
        assertEquals(2, server.lists.get() - before, "LISTs after the interval passed");
    }

    @Test
    void concurrentCallersShareOneRead() throws Exception {
        server.put("ckpt", "busy/step-7/.metadata", "meta");
        CheckpointService service = new CheckpointService(store, Duration.ofSeconds(60), new MutableClock(T0));
        Map<String, String> gang = Map.of(CheckpointAnnotations.PREFIX, "s3://ckpt/busy/");
        int before = server.lists.get();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Long>> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                Callable<Long> c = () -> {
                    go.await();
                    return service.read(gang).newest().step();
                };
                results.add(pool.submit(c));
            }
            go.countDown();
            for (Future<Long> f : results) {
                assertEquals(7L, f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, server.lists.get() - before);
    }

    @Test
    void failuresAreCachedToo() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        AtomicInteger reads = new AtomicInteger();
        try (ObjectStoreCheckpoints down = new ObjectStoreCheckpoints(
                new S3Settings(URI.create("http://127.0.0.1:" + port), "us-east-1", true),
                S3TestServer.credentials(S3TestServer.ACCESS_KEY, S3TestServer.SECRET_KEY))) {
            MutableClock clock = new MutableClock(T0);
            CheckpointService service = new CheckpointService(p -> {
                reads.incrementAndGet();
                return down.read(p);
            }, Duration.ofSeconds(60), clock);
            Map<String, String> gang = Map.of(CheckpointAnnotations.PREFIX, "s3://ckpt/x/");
            for (int i = 0; i < 5; i++) {
                service.read(gang);
                clock.advance(Duration.ofSeconds(10));
            }
            assertEquals(1, reads.get());
        }
    }

    @Test
    void storageFailureFallsBackToAnnotationsAndKeepsTheProblem() {
        CheckpointService service = new CheckpointService(store, Duration.ofSeconds(60), new MutableClock(T0));
        CheckpointStatus s = service.read(Map.of(
                CheckpointAnnotations.PREFIX, "s3://ckpt/never-written/",
                CheckpointAnnotations.URI, "s3://ckpt/never-written/step-40/",
                CheckpointAnnotations.TIME, "2026-11-22T03:00:00Z",
                CheckpointAnnotations.STEP, "40"));

        assertEquals(CheckpointSource.ANNOTATIONS, s.source());
        assertEquals(new Checkpoint("s3://ckpt/never-written/step-40/", 40, Instant.parse("2026-11-22T03:00:00Z"), null),
                s.newest());
        assertEquals("no checkpoints under s3://ckpt/never-written/", s.problem());
        assertEquals(Duration.ofHours(1), s.age(T0).orElseThrow());
    }

    @Test
    void storageWinsOverAnnotationsWhenItHasACheckpoint() {
        server.put("ckpt", "both/checkpoint-50/trainer_state.json", "{}");
        CheckpointService service = new CheckpointService(store, Duration.ofSeconds(60), new MutableClock(T0));
        CheckpointStatus s = service.read(Map.of(
                CheckpointAnnotations.PREFIX, "s3://ckpt/both/",
                CheckpointAnnotations.TIME, "2026-11-22T03:00:00Z",
                CheckpointAnnotations.STEP, "40"));

        assertEquals(CheckpointSource.OBJECT_STORAGE, s.source());
        assertEquals(50, s.newest().step());
        assertNull(s.problem());
    }

    @Test
    void storageFailureWithoutAnnotationsStaysObjectStorageWithItsProblem() {
        CheckpointService service = new CheckpointService(store, Duration.ofSeconds(60), new MutableClock(T0));
        CheckpointStatus s = service.read(Map.of(CheckpointAnnotations.PREFIX, "not a uri"));

        assertEquals(CheckpointSource.OBJECT_STORAGE, s.source());
        assertNull(s.newest());
        assertEquals("flightdeck.dev/checkpoint-prefix \"not a uri\" is not an s3://bucket/path/ prefix:"
                + " it does not start with s3://", s.problem());
    }

    @Test
    void annotationsAloneAndNothingAtAll() {
        CheckpointService service = new CheckpointService(store, Duration.ofSeconds(60), new MutableClock(T0));
        int before = server.lists.get();

        CheckpointStatus annotated = service.read(Map.of(CheckpointAnnotations.TIME, "2026-11-22T02:30:00Z"));
        assertEquals(CheckpointSource.ANNOTATIONS, annotated.source());
        assertEquals(Duration.ofMinutes(90), annotated.age(T0).orElseThrow());

        CheckpointStatus none = service.read(Map.of("app", "llm"));
        assertEquals(CheckpointStatus.none(), none);
        assertEquals(CheckpointStatus.none(), service.read(null));
        assertEquals(0, server.lists.get() - before, "no prefix, no LIST");
    }
}
