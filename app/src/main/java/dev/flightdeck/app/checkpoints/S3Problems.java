package dev.flightdeck.app.checkpoints;

import dev.flightdeck.app.watch.Problems;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Set;
import javax.net.ssl.SSLException;

/**
 * Turns an S3 client failure into the one line an SRE reads: what failed, where, the store's own
 * code, and what to check. The SDK's messages never carry secrets, and neither do these lines.
 */
final class S3Problems {

    /** Codes S3 (and S3-compatible stores) use when the keys themselves are not accepted. */
    private static final Set<String> BAD_CREDENTIALS = Set.of(
            "InvalidAccessKeyId", "SignatureDoesNotMatch", "ExpiredToken", "InvalidToken", "TokenRefreshRequired");

    private S3Problems() {
    }

    /**
     * @param action   what was being done, e.g. {@code listing s3://ckpt/llm/}
     * @param bucket   the bucket, for the no-such-bucket line
     * @param endpoint how the endpoint is named, e.g. {@code http://minio:9000}
     */
    static String line(SdkException e, String action, String bucket, String endpoint) {
        if (e instanceof S3Exception s3) {
            return serviceLine(s3, action, bucket);
        }
        Throwable root = rootCause(e);
        if (e instanceof ApiCallTimeoutException || e instanceof ApiCallAttemptTimeoutException
                || root instanceof SocketTimeoutException) {
            return "no answer from " + endpoint + " " + action + " (timed out): is the object store up and reachable from here?";
        }
        if (root instanceof ConnectException || root instanceof UnknownHostException
                || root instanceof NoRouteToHostException) {
            return "cannot reach " + endpoint + " " + action + " (" + Problems.plain(e)
                    + "): is the object store up and the endpoint setting right?";
        }
        if (root instanceof java.net.SocketException) {
            // Connected, then cut off before an answer (a ConnectException, refused, is caught above).
            return endpoint + " dropped the connection " + action + " (" + Problems.plain(e)
                    + "): is the object store restarting or overloaded, or a proxy in between cutting connections?";
        }
        if (root instanceof SSLException) {
            return "TLS with " + endpoint + " failed " + action + " (" + Problems.plain(e)
                    + "): check the endpoint's certificate and that it speaks https";
        }
        String msg = String.valueOf(e.getMessage());
        if (msg.contains("Unable to load credentials")) {
            return "no AWS credentials found for " + action.replaceFirst("^\\w+ ", "")
                    + ": set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE and a profile in ~/.aws";
        }
        return "object store error " + action + " (" + Problems.plain(e) + ")";
    }

    private static String serviceLine(S3Exception e, String action, String bucket) {
        int status = e.statusCode();
        String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
        String tag = "(" + status + (code == null || code.isBlank() ? "" : " " + code) + ")";
        if (code != null && BAD_CREDENTIALS.contains(code)) {
            return "access denied " + action + " " + tag
                    + ": the object store does not accept the console's AWS credentials (wrong or expired keys, or keys for another endpoint)";
        }
        if (status == 403) {
            return "access denied " + action + " " + tag + ": the console's AWS credentials may not read this prefix";
        }
        if ("NoSuchBucket".equals(code)) {
            return "bucket " + bucket + " does not exist " + tag + " " + action
                    + ": check " + CheckpointAnnotations.PREFIX + " and the cluster's S3 endpoint setting";
        }
        if (status == 301 || "PermanentRedirect".equals(code) || "AuthorizationHeaderMalformed".equals(code)) {
            return "bucket " + bucket + " is in another region " + tag + " " + action + ": set the cluster's S3 region";
        }
        String detail = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorMessage();
        return "object store error " + action + " " + tag + (detail == null || detail.isBlank() ? "" : ": " + detail);
    }

    private static Throwable rootCause(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }
}
