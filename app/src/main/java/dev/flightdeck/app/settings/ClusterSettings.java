package dev.flightdeck.app.settings;

import dev.flightdeck.app.checkpoints.S3Settings;

/**
 * What a person sets for one cluster (one kubeconfig context). Credentials are never here:
 * Kubernetes credentials stay in the kubeconfig, AWS ones in the standard AWS chain.
 *
 * @param s3 where that cluster's checkpoint prefixes are listed (endpoint override for an
 *           S3-compatible store such as MinIO or Ceph RGW)
 */
public record ClusterSettings(S3Settings s3) {

    public static final ClusterSettings DEFAULTS = new ClusterSettings(S3Settings.AWS);

    public ClusterSettings {
        s3 = s3 == null ? S3Settings.AWS : s3;
    }

    public ClusterSettings withS3(S3Settings s) {
        return new ClusterSettings(s);
    }
}
