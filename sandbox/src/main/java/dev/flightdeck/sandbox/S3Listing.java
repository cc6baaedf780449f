package dev.flightdeck.sandbox;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeSet;

/**
 * One page of a ListObjectsV2 answer, computed as S3 computes it: keys after the start point that
 * begin with the prefix; with a delimiter, keys with the delimiter after the prefix roll up into
 * one common prefix each; common prefixes and keys together count against max-keys; the
 * continuation token is opaque to the client (here: the last key or prefix returned, base64).
 */
record S3Listing(List<Map.Entry<String, SandboxBuckets.StoredBlob>> contents, List<String> commonPrefixes,
                 String nextContinuationToken) {

    static S3Listing page(NavigableMap<String, SandboxBuckets.StoredBlob> bucket, String prefix, String delimiter,
                          String continuationToken, String startAfter, int maxKeys) {
        String after = continuationToken != null ? decode(continuationToken) : startAfter;
        NavigableMap<String, SandboxBuckets.StoredBlob> from = after == null || after.isEmpty()
                ? bucket.tailMap(prefix, true) : bucket.tailMap(after, false);
        List<Map.Entry<String, SandboxBuckets.StoredBlob>> contents = new ArrayList<>();
        TreeSet<String> prefixes = new TreeSet<>();
        String last = null;
        boolean lastWasPrefix = false;
        boolean truncated = false;
        for (Map.Entry<String, SandboxBuckets.StoredBlob> e : from.entrySet()) {
            String key = e.getKey();
            if (!key.startsWith(prefix)) {
                break;
            }
            String rolledUp = rollUp(key, prefix, delimiter);
            if (rolledUp != null && rolledUp.equals(last)) {
                continue; // keys sharing a prefix sort together: this one is under the prefix just returned
            }
            if (contents.size() + prefixes.size() == maxKeys) {
                truncated = true;
                break;
            }
            if (rolledUp != null) {
                prefixes.add(rolledUp);
                last = rolledUp;
                lastWasPrefix = true;
            } else {
                contents.add(e);
                last = key;
                lastWasPrefix = false;
            }
        }
        // A continuation after a common prefix must skip every key under it.
        String token = truncated ? encode(lastWasPrefix ? last + Character.MAX_VALUE : last) : null;
        return new S3Listing(contents, List.copyOf(prefixes), token);
    }

    private static String rollUp(String key, String prefix, String delimiter) {
        if (delimiter == null || delimiter.isEmpty()) {
            return null;
        }
        int at = key.indexOf(delimiter, prefix.length());
        return at < 0 ? null : key.substring(0, at + delimiter.length());
    }

    private static String encode(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String decode(String token) {
        try {
            return new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("The continuation token provided is incorrect");
        }
    }
}
