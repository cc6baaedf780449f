package dev.flightdeck.app.checkpoints;

import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@link CheckpointStore} over one S3 prefix; every failure becomes a {@link CheckpointReadException}. */
final class S3CheckpointStore implements CheckpointStore {

    /** Pages of 1,000 folders each; a run with more saved steps than this is not plausible. */
    private static final int MAX_PAGES = 50;

    private final S3Client s3;
    private final S3Prefix prefix;
    private final String endpoint;

    S3CheckpointStore(S3Client s3, S3Prefix prefix, String endpoint) {
        this.s3 = s3;
        this.prefix = prefix;
        this.endpoint = endpoint;
    }

    @Override
    public PrefixListing list() {
        List<String> folders = new ArrayList<>();
        Map<String, Instant> objects = new HashMap<>();
        String token = null;
        int pages = 0;
        try {
            do {
                String continuation = token;
                ListObjectsV2Response page = s3.listObjectsV2(r -> r.bucket(prefix.bucket())
                        .prefix(prefix.keyPrefix()).delimiter("/").continuationToken(continuation));
                for (CommonPrefix cp : page.commonPrefixes()) {
                    folders.add(cp.prefix().substring(prefix.keyPrefix().length()));
                }
                for (S3Object o : page.contents()) {
                    String name = o.key().substring(prefix.keyPrefix().length());
                    if (!name.isEmpty()) { // the zero-byte "folder" object some tools create
                        objects.put(name, o.lastModified());
                    }
                }
                token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
            } while (token != null && ++pages < MAX_PAGES);
        } catch (SdkException e) {
            throw new CheckpointReadException(S3Problems.line(e, "listing " + prefix, prefix.bucket(), endpoint));
        }
        return new PrefixListing(folders, objects);
    }

    @Override
    public Optional<Instant> lastModified(String relativeKey) {
        String key = prefix.keyPrefix() + relativeKey;
        try {
            return Optional.ofNullable(s3.headObject(r -> r.bucket(prefix.bucket()).key(key)).lastModified());
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw new CheckpointReadException(S3Problems.line(e, "reading " + prefix.uri(relativeKey), prefix.bucket(), endpoint));
        } catch (SdkException e) {
            throw new CheckpointReadException(S3Problems.line(e, "reading " + prefix.uri(relativeKey), prefix.bucket(), endpoint));
        }
    }

    @Override
    public String readText(String relativeKey) {
        String key = prefix.keyPrefix() + relativeKey;
        try {
            return s3.getObjectAsBytes(r -> r.bucket(prefix.bucket()).key(key)).asUtf8String();
        } catch (SdkException e) {
            throw new CheckpointReadException(S3Problems.line(e, "reading " + prefix.uri(relativeKey), prefix.bucket(), endpoint));
        }
    }
}
