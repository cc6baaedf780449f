package dev.flightdeck.app.checkpoints;

import dev.flightdeck.sandbox.SandboxBuckets;
import dev.flightdeck.sandbox.SandboxS3Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The sandbox's simulated S3 endpoint answers the calls the checkpoint reader makes the way a
 * real S3 server does: the same keys go into S3Proxy and into the sandbox, and every answer
 * read through the real AWS SDK must match — listings page by page with delimiter, HEAD and
 * GET, missing keys and buckets, and the checkpoint the finder picks.
 */
class SandboxObjectStorageConformanceTest {

    private static final String BUCKET = "conformance";
    private static final List<String> KEYS = List.of(
            "run/step-100/.metadata", "run/step-100/__0_0.distcp", "run/step-200/.metadata",
            "run/step-200/__0_0.distcp", "run/step-300/__0_0.distcp", "run/step-30/.metadata",
            "run/notes.txt", "run-other/x", "run/zz/deep/key", "top.txt");

    private static S3TestServer real;
    private static SandboxS3Server sandbox;
    private static S3Client realClient;
    private static S3Client sandboxClient;

    @BeforeAll
    static void start() throws Exception {
        real = new S3TestServer();
        real.bucket(BUCKET);
        SandboxBuckets buckets = new SandboxBuckets();
        for (String key : KEYS) {
            Instant at = real.put(BUCKET, key, "content of " + key);
            buckets.put(BUCKET, key, "content of " + key, at);
        }
        sandbox = new SandboxS3Server(buckets);
        sandbox.start();
        realClient = client(real.endpoint(), S3TestServer.ACCESS_KEY, S3TestServer.SECRET_KEY);
        sandboxClient = client(sandbox.endpoint(), SandboxS3Server.ACCESS_KEY, SandboxS3Server.SECRET_KEY);
    }

    @AfterAll
    static void stop() throws Exception {
        realClient.close();
        sandboxClient.close();
        sandbox.close();
        real.close();
    }

    private static S3Client client(URI endpoint, String access, String secret) {
        return S3Client.builder().endpointOverride(endpoint).region(Region.US_EAST_1).forcePathStyle(true)
                .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create())
                .credentialsProvider(S3TestServer.credentials(access, secret)).build();
    }

    /** Every page of a listing, as "key" and "prefix/" lines, with the page breaks marked. */
    private static List<String> listAll(S3Client s3, String prefix, String delimiter, int pageSize) {
        List<String> seen = new ArrayList<>();
        String token = null;
        do {
            String t = token;
            ListObjectsV2Response page = s3.listObjectsV2(r -> r.bucket(BUCKET).prefix(prefix).delimiter(delimiter)
                    .maxKeys(pageSize).continuationToken(t));
            page.contents().stream().map(S3Object::key).forEach(seen::add);
            page.commonPrefixes().stream().map(CommonPrefix::prefix).map(p -> "prefix " + p).forEach(seen::add);
            seen.add("-- page, " + page.keyCount() + " keys, truncated " + page.isTruncated());
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
        return seen;
    }

    @Test
    void delimitedListingsPageLikeARealServer() {
        for (int pageSize : new int[]{1, 2, 3, 1000}) {
            for (String prefix : new String[]{"", "run/", "run", "run/step-", "nothing/"}) {
                assertEquals(listAll(realClient, prefix, "/", pageSize), listAll(sandboxClient, prefix, "/", pageSize),
                        "prefix '" + prefix + "', page size " + pageSize);
            }
        }
    }

    @Test
    void undelimitedListingsMatchToo() {
        assertEquals(listAll(realClient, "run/", null, 3), listAll(sandboxClient, "run/", null, 3));
    }

    @Test
    void headAndGetMatch() {
        String key = "run/step-200/.metadata";
        assertEquals(realClient.headObject(r -> r.bucket(BUCKET).key(key)).lastModified(),
                sandboxClient.headObject(r -> r.bucket(BUCKET).key(key)).lastModified());
        assertEquals(realClient.getObjectAsBytes(r -> r.bucket(BUCKET).key(key)).asUtf8String(),
                sandboxClient.getObjectAsBytes(r -> r.bucket(BUCKET).key(key)).asUtf8String());
    }

    @Test
    void missingKeyAndBucketFailTheSameWay() {
        for (S3Client s3 : List.of(realClient, sandboxClient)) {
            S3Exception head = assertThrows(S3Exception.class, () -> s3.headObject(r -> r.bucket(BUCKET).key("run/none")));
            assertEquals(404, head.statusCode());
            assertThrows(NoSuchKeyException.class, () -> s3.getObjectAsBytes(r -> r.bucket(BUCKET).key("run/none")));
            assertThrows(NoSuchBucketException.class, () -> s3.listObjectsV2(r -> r.bucket("no-such-bucket")));
        }
    }

    @Test
    void theFinderPicksTheSameCheckpointFromBoth() {
        try (ObjectStoreCheckpoints fromReal = real.client();
             ObjectStoreCheckpoints fromSandbox = new ObjectStoreCheckpoints(
                     new S3Settings(sandbox.endpoint(), "us-east-1", true),
                     S3TestServer.credentials(SandboxS3Server.ACCESS_KEY, SandboxS3Server.SECRET_KEY))) {
            CheckpointStatus a = fromReal.read("s3://" + BUCKET + "/run/");
            CheckpointStatus b = fromSandbox.read("s3://" + BUCKET + "/run/");
            assertEquals(200, a.newest().step(), "step-300 has no .metadata yet; step-30 is older");
            assertEquals(a, b);
        }
    }
}
