package dev.flightdeck.app.checkpoints;

import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.AwsProfileRegionProvider;
import software.amazon.awssdk.regions.providers.AwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.SystemSettingsRegionProvider;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;

import java.time.Duration;

/**
 * Reads checkpoint age from the objects under a workload's {@code flightdeck.dev/checkpoint-prefix}.
 *
 * <p>Why the AWS SDK for Java v2 rather than MinIO's client: it is the reference implementation of
 * the standard credential and region chain (environment, {@code ~/.aws} profiles, SSO/process
 * credentials, container and instance roles) that SREs already configure, it also talks to any
 * S3-compatible store through an endpoint override, and with its JDK-based URL-connection HTTP client
 * it adds no second Netty, OkHttp or Kotlin runtime beside fabric8's Vert.x. MinIO's client would
 * bring OkHttp, Kotlin, Guava and its own Jackson, and its credential chain is a partial copy.
 *
 * <p>One instance per cluster (its {@link S3Settings}); thread-safe. Every call is bounded: connect
 * {@value #CONNECT_SECONDS}s, each request {@value #ATTEMPT_SECONDS}s, one retry, and a read budget
 * of {@value #READ_BUDGET_SECONDS}s after which remaining folders are not probed.
 */
public final class ObjectStoreCheckpoints implements AutoCloseable {

    static final int CONNECT_SECONDS = 3;
    static final int ATTEMPT_SECONDS = 5;
    static final int CALL_SECONDS = 8;
    static final int READ_BUDGET_SECONDS = 10;

    /** Used when neither the settings nor the AWS chain name one; S3-compatible stores rarely care. */
    static final String FALLBACK_REGION = "us-east-1";

    /**
     * Built on the first read, not with the session: the SDK loads some 1,400 classes to build a client (about a
     * third of a second of CPU), which a session that never reads a checkpoint, or reads one only after its first
     * screen, should not pay before its first request.
     */
    private final java.util.function.Supplier<S3Client> clientMaker;
    private S3Client s3;
    private boolean closed;
    private final String endpoint;
    private final AutoCloseable ownedCredentials;

    /** Credentials from the standard AWS chain (environment, {@code ~/.aws} profiles, roles). */
    public ObjectStoreCheckpoints(S3Settings settings) {
        this(settings, new KnownCredentials(DefaultCredentialsProvider.builder().build()), true);
    }

    /** With the given credentials (a named profile, or fixed keys in tests). */
    public ObjectStoreCheckpoints(S3Settings settings, AwsCredentialsProvider credentials) {
        this(settings, credentials, false);
    }

    private ObjectStoreCheckpoints(S3Settings settings, AwsCredentialsProvider credentials, boolean owned) {
        String region = resolveRegion(settings);
        this.clientMaker = () -> client(settings, credentials, region);
        this.endpoint = settings.endpointDescription(region);
        this.ownedCredentials = owned && credentials instanceof AutoCloseable c ? c : null;
    }

    private static S3Client client(S3Settings settings, AwsCredentialsProvider credentials, String region) {
        S3ClientBuilder b = S3Client.builder()
                .httpClient(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(CONNECT_SECONDS))
                        .socketTimeout(Duration.ofSeconds(ATTEMPT_SECONDS))
                        .build())
                .region(Region.of(region))
                .credentialsProvider(credentials)
                .forcePathStyle(settings.pathStyle())
                .overrideConfiguration(o -> o
                        .apiCallAttemptTimeout(Duration.ofSeconds(ATTEMPT_SECONDS))
                        .apiCallTimeout(Duration.ofSeconds(CALL_SECONDS))
                        .retryStrategy(r -> r.maxAttempts(2)));
        if (settings.endpointOverride() != null) {
            b.endpointOverride(settings.endpointOverride());
        } else {
            // On AWS a bucket may live in another region than the console's default; let the SDK
            // follow the redirect instead of failing with 301.
            b.crossRegionAccessEnabled(true);
        }
        return b.build();
    }

    private synchronized S3Client s3() throws CheckpointReadException {
        if (closed) {
            throw new CheckpointReadException("the session is closed");
        }
        if (s3 == null) {
            try {
                s3 = clientMaker.get();
            } catch (RuntimeException e) {
                // Made at the session's start until now, where such a failure failed the session; a read says it.
                throw new CheckpointReadException("cannot set up the S3 client for " + endpoint + ": " + e.getMessage());
            }
        }
        return s3;
    }

    /**
     * Lists the prefix named by the annotation value and picks the newest complete checkpoint.
     * Never throws for storage trouble: a malformed prefix, an empty prefix, access denied or an
     * unreachable endpoint come back as {@link CheckpointStatus#problem()}.
     */
    public CheckpointStatus read(String prefixAnnotation) {
        S3Prefix prefix;
        try {
            prefix = S3Prefix.parse(prefixAnnotation);
        } catch (IllegalArgumentException e) {
            return CheckpointStatus.failed(CheckpointSource.OBJECT_STORAGE, e.getMessage());
        }
        try {
            return CheckpointFinder.find(new S3CheckpointStore(s3(), prefix, endpoint), prefix,
                    Duration.ofSeconds(READ_BUDGET_SECONDS).toNanos());
        } catch (CheckpointReadException e) {
            return CheckpointStatus.failed(CheckpointSource.OBJECT_STORAGE, e.getMessage());
        }
    }

    /**
     * The settings' region, else the AWS chain's ({@code AWS_REGION}, the profile). The chain's
     * instance-metadata step is left out on purpose: on a laptop it costs seconds of timeouts.
     */
    static String resolveRegion(S3Settings settings) {
        if (settings.region() != null && !settings.region().isBlank()) {
            return settings.region().trim();
        }
        try {
            return new AwsRegionProviderChain(new SystemSettingsRegionProvider(), new AwsProfileRegionProvider())
                    .getRegion().id();
        } catch (SdkClientException e) {
            return FALLBACK_REGION;
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            if (s3 != null) {
                s3.close();
            }
        }
        if (ownedCredentials != null) {
            try {
                ownedCredentials.close();
            } catch (Exception ignored) {
                // closing a credentials cache: nothing to report
            }
        }
    }
}
