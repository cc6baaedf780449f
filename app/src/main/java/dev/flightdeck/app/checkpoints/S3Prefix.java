package dev.flightdeck.app.checkpoints;

import java.util.regex.Pattern;

/**
 * A bucket and a key prefix, parsed from {@code flightdeck.dev/checkpoint-prefix}. The key prefix
 * is empty (whole bucket) or ends with {@code /}, so a step folder's key is simply prefix + name.
 */
public record S3Prefix(String bucket, String keyPrefix) {

    // S3 bucket names: 3-63 of lower-case letters, digits, dots and hyphens, starting and
    // ending with a letter or digit. Checked here so a typo reads as a typo, not as a 400 from S3.
    private static final Pattern BUCKET = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

    /**
     * Parses {@code s3://bucket/path/} (the trailing slash may be left out).
     *
     * @throws IllegalArgumentException with a one-line message for the person
     */
    public static S3Prefix parse(String annotation) {
        String value = annotation == null ? "" : annotation.trim();
        if (!value.startsWith("s3://")) {
            throw malformed(value, "it does not start with s3://");
        }
        String rest = value.substring("s3://".length());
        int slash = rest.indexOf('/');
        String bucket = slash < 0 ? rest : rest.substring(0, slash);
        String key = slash < 0 ? "" : rest.substring(slash + 1);
        if (bucket.isEmpty()) {
            throw malformed(value, "it names no bucket");
        }
        if (!BUCKET.matcher(bucket).matches()) {
            throw malformed(value, "'" + bucket + "' is not a valid bucket name");
        }
        if (key.startsWith("/") || key.contains("//")) {
            throw malformed(value, "the path has an empty folder name (//)");
        }
        if (!key.isEmpty() && !key.endsWith("/")) {
            key = key + "/";
        }
        return new S3Prefix(bucket, key);
    }

    private static IllegalArgumentException malformed(String value, String why) {
        return new IllegalArgumentException(CheckpointAnnotations.PREFIX + " \"" + value
                + "\" is not an s3://bucket/path/ prefix: " + why);
    }

    /** {@code s3://bucket/prefix/relative}. */
    public String uri(String relative) {
        return "s3://" + bucket + "/" + keyPrefix + relative;
    }

    @Override
    public String toString() {
        return uri("");
    }
}
