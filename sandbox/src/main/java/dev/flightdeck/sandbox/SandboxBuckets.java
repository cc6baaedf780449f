package dev.flightdeck.sandbox;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The sandbox's object storage contents: buckets of keys, each with bytes and a LastModified
 * time. Keys sort as S3 sorts them (UTF-8 binary order equals String order for the ASCII keys
 * the seeders write), so listings page the way a real bucket does.
 */
public final class SandboxBuckets {

    /** One stored object. */
    public record StoredBlob(byte[] content, Instant lastModified) {
    }

    private final Map<String, NavigableMap<String, StoredBlob>> buckets = new ConcurrentHashMap<>();

    /** Creates the bucket if needed and writes one object. */
    public void put(String bucket, String key, String content, Instant lastModified) {
        buckets.computeIfAbsent(bucket, b -> new ConcurrentSkipListMap<>())
                .put(key, new StoredBlob(content.getBytes(StandardCharsets.UTF_8), lastModified));
    }

    /** The bucket's keys in order, or empty when there is no such bucket. */
    Optional<NavigableMap<String, StoredBlob>> bucket(String name) {
        return Optional.ofNullable(buckets.get(name));
    }

    /** The object, or empty. */
    Optional<StoredBlob> get(String bucket, String key) {
        return bucket(bucket).map(b -> b.get(key));
    }
}
