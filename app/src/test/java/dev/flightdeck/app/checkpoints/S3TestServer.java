package dev.flightdeck.app.checkpoints;

import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.blobstore.ForwardingBlobStore;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real S3-protocol server in this JVM: S3Proxy (Jetty, AWS signature v2/v4 checks, the S3 REST
 * and XML wire format) over its in-memory store. The only thing added is a counting wrapper around
 * the store, so tests can see how many LISTs actually reached the server.
 */
final class S3TestServer implements AutoCloseable {

    static final String ACCESS_KEY = "flightdeck-test";
    static final String SECRET_KEY = dev.flightdeck.testkit.TestSecrets.remember("not-a-real-secret-0123456789");

    final AtomicInteger lists = new AtomicInteger();
    final AtomicInteger heads = new AtomicInteger();
    /** Buckets whose reads the store refuses with 403 AccessDenied (a bucket policy, in effect). */
    final Set<String> deniedBuckets = ConcurrentHashMap.newKeySet();

    private final BlobStore raw = new TransientNio2BlobStore(); // seeding goes here, uncounted
    private final BlobStore store;
    private final S3Proxy proxy;

    S3TestServer() throws Exception {
        store = new ForwardingBlobStore(raw) {
            @Override
            public ListObjectsV2Response list(ListObjectsV2Request request) {
                lists.incrementAndGet();
                deny(request.bucket());
                return super.list(request);
            }

            @Override
            public HeadObjectResponse blobMetadata(HeadObjectRequest request) {
                heads.incrementAndGet();
                deny(request.bucket());
                return super.blobMetadata(request);
            }
        };
        proxy = S3Proxy.builder()
                .blobStore(store)
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .build();
        proxy.start();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!"STARTED".equals(proxy.getState())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("S3Proxy did not start: " + proxy.getState());
            }
            Thread.sleep(10);
        }
    }

    private void deny(String bucket) {
        if (deniedBuckets.contains(bucket)) {
            throw S3Exception.builder().statusCode(403)
                    .awsErrorDetails(AwsErrorDetails.builder().errorCode("AccessDenied").errorMessage("Access Denied").build())
                    .build();
        }
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    /** Settings the console would hold for this store: endpoint override, path-style. */
    S3Settings settings() {
        return new S3Settings(endpoint(), "us-east-1", true);
    }

    static StaticCredentialsProvider credentials(String access, String secret) {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(access, secret));
    }

    ObjectStoreCheckpoints client() {
        return new ObjectStoreCheckpoints(settings(), credentials(ACCESS_KEY, SECRET_KEY));
    }

    void bucket(String name) {
        raw.createContainer(name);
    }

    /** Puts an object and returns its LastModified as the server reports it. */
    Instant put(String bucket, String key, String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        raw.putBlob(PutObjectRequest.builder().bucket(bucket).key(key).contentLength((long) bytes.length).build(),
                new ByteArrayInputStream(bytes));
        return lastModified(bucket, key);
    }

    Instant lastModified(String bucket, String key) {
        return raw.blobMetadata(HeadObjectRequest.builder().bucket(bucket).key(key).build()).lastModified();
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
        store.close();
    }
}
