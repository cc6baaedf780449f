package dev.flightdeck.app.checkpoints;

import java.net.URI;

/**
 * Per-cluster object-store settings. Credentials are not here on purpose: they come from the
 * standard AWS chain (environment, {@code ~/.aws} profiles), so they never land in the
 * console's settings files or logs.
 *
 * @param endpointOverride null for AWS S3; else an S3-compatible endpoint (MinIO, Ceph RGW, a
 *                         cloud's S3 API), e.g. {@code https://minio.lab:9000}
 * @param region           null to take it from the AWS chain ({@code AWS_REGION}, profile), else
 *                         {@code us-east-1}; most S3-compatible stores accept any region
 * @param pathStyle        address buckets as {@code endpoint/bucket/key} rather than
 *                         {@code bucket.endpoint/key}; most self-hosted stores need this
 */
public record S3Settings(URI endpointOverride, String region, boolean pathStyle) {

    /** AWS S3, region from the environment or profile. */
    public static final S3Settings AWS = new S3Settings(null, null, false);

    public S3Settings {
        if (endpointOverride != null) {
            String scheme = endpointOverride.getScheme();
            if (!"http".equals(scheme) && !"https".equals(scheme) || endpointOverride.getHost() == null) {
                throw new IllegalArgumentException("S3 endpoint override \"" + endpointOverride
                        + "\" is not an http:// or https:// URL with a host");
            }
        }
    }

    /** How the endpoint is named in problem lines. */
    public String endpointDescription(String resolvedRegion) {
        return endpointOverride != null ? endpointOverride.toString() : "AWS S3 (" + resolvedRegion + ")";
    }
}
