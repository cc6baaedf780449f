package dev.flightdeck.app.checkpoints;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The job's own annotations, and the prefix annotation's syntax. */
class CheckpointAnnotationsTest {

    private static final Instant NOW = Instant.parse("2026-11-22T04:00:00Z");

    @Test
    void allThreeAnnotations() {
        CheckpointStatus s = AnnotationCheckpoints.read(Map.of(
                CheckpointAnnotations.URI, "s3://ckpt/llm/step-1200/",
                CheckpointAnnotations.TIME, "2026-11-22T03:15:00Z",
                CheckpointAnnotations.STEP, "1200"));

        Checkpoint cp = new Checkpoint("s3://ckpt/llm/step-1200/", 1200, Instant.parse("2026-11-22T03:15:00Z"), null);
        assertEquals(new CheckpointStatus(CheckpointSource.ANNOTATIONS, cp, List.of(cp), null), s);
        assertEquals(Optional.of(Duration.ofMinutes(45)), s.age(NOW));
    }

    @ParameterizedTest
    @CsvSource({
            "2026-11-22T03:15:00Z,          2026-11-22T03:15:00Z",
            "2026-11-22T05:15:00+02:00,     2026-11-22T03:15:00Z",
            "2026-11-22t03:15:00.250z,      2026-11-22T03:15:00.250Z",
            "2026-11-22 03:15:00Z,          2026-11-22T03:15:00Z",
    })
    void rfc3339Forms(String annotated, String expected) {
        CheckpointStatus s = AnnotationCheckpoints.read(Map.of(CheckpointAnnotations.TIME, annotated));
        assertNull(s.problem());
        assertEquals(Instant.parse(expected), s.newest().completedAt());
        assertEquals(Checkpoint.UNKNOWN_STEP, s.newest().step());
    }

    @Test
    void garbageTimeIsAProblemNotAnException() {
        CheckpointStatus s = AnnotationCheckpoints.read(Map.of(
                CheckpointAnnotations.URI, "s3://ckpt/llm/step-9/",
                CheckpointAnnotations.TIME, "yesterday",
                CheckpointAnnotations.STEP, "9"));

        assertEquals(CheckpointSource.ANNOTATIONS, s.source());
        assertEquals(new Checkpoint("s3://ckpt/llm/step-9/", 9, null, null), s.newest());
        assertEquals("flightdeck.dev/checkpoint-time is not an RFC 3339 time: \"yesterday\""
                + " (expected e.g. 2026-11-22T04:00:00Z), so the checkpoint's age is unknown", s.problem());
        assertEquals(Optional.empty(), s.age(NOW));
    }

    @Test
    void garbageStepAndMissingTime() {
        CheckpointStatus s = AnnotationCheckpoints.read(Map.of(
                CheckpointAnnotations.URI, "s3://ckpt/llm/latest/",
                CheckpointAnnotations.STEP, "twelve"));

        assertEquals(Checkpoint.UNKNOWN_STEP, s.newest().step());
        assertEquals("flightdeck.dev/checkpoint-time is missing, so the checkpoint's age is unknown;"
                + " flightdeck.dev/checkpoint-step is not a whole number: \"twelve\"", s.problem());
    }

    @Test
    void noAnnotationsIsNone() {
        assertEquals(CheckpointStatus.none(), AnnotationCheckpoints.read(Map.of("other", "x")));
        assertEquals(CheckpointStatus.none(), AnnotationCheckpoints.read(Map.of(CheckpointAnnotations.TIME, "  ")));
        assertEquals(CheckpointStatus.none(), AnnotationCheckpoints.read(null));
    }

    @Test
    void futureTimeCountsAsAgeZero() {
        CheckpointStatus s = AnnotationCheckpoints.read(Map.of(CheckpointAnnotations.TIME, "2026-11-22T04:00:30Z"));
        assertEquals(Optional.of(Duration.ZERO), s.age(NOW));
    }

    @Test
    void recentIsCappedAtFive() {
        List<Checkpoint> seven = new java.util.ArrayList<>();
        for (int i = 7; i >= 1; i--) {
            seven.add(new Checkpoint("s3://b/step-" + i + "/", i, NOW, null));
        }
        CheckpointStatus s = new CheckpointStatus(CheckpointSource.OBJECT_STORAGE, seven.getFirst(), seven, null);
        assertEquals(List.of(7L, 6L, 5L, 4L, 3L), s.recent().stream().map(Checkpoint::step).toList());
    }

    @ParameterizedTest
    @CsvSource({
            "s3://ckpt/llm/run-7/, ckpt, llm/run-7/",
            "s3://ckpt/llm/run-7,  ckpt, llm/run-7/",
            "s3://ckpt,            ckpt, ''",
            "s3://ckpt/,           ckpt, ''",
            "' s3://my.bucket-01/a/ ', my.bucket-01, a/",
    })
    void prefixes(String annotation, String bucket, String key) {
        S3Prefix p = S3Prefix.parse(annotation);
        assertEquals(new S3Prefix(bucket, key), p);
        assertEquals("s3://" + bucket + "/" + key + "step-1/", p.uri("step-1/"));
    }

    @Test
    void malformedPrefixes() {
        assertEquals("flightdeck.dev/checkpoint-prefix \"s3://ckpt//llm/\" is not an s3://bucket/path/ prefix:"
                + " the path has an empty folder name (//)",
                assertThrows(IllegalArgumentException.class, () -> S3Prefix.parse("s3://ckpt//llm/")).getMessage());
        assertEquals("flightdeck.dev/checkpoint-prefix \"\" is not an s3://bucket/path/ prefix: it does not start with s3://",
                assertThrows(IllegalArgumentException.class, () -> S3Prefix.parse(null)).getMessage());
    }
}
