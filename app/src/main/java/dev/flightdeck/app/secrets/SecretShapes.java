package dev.flightdeck.app.secrets;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Values that are secrets by their shape alone, whatever they are called: tokens whose issuers give them a
 * recognisable prefix, JWTs, PEM private keys (also base64-encoded, as kubeconfigs carry them), and an AWS
 * secret access key next to its key id.
 */
public final class SecretShapes {

    /** Issued tokens, each by its issuer's documented prefix; long enough that ordinary words never match. */
    static final Pattern TOKEN = Pattern.compile(
            "(?<![A-Za-z0-9_-])(?:"
                    + "sk-(?:proj-|ant-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"       // OpenAI, Anthropic
                    + "|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"   // GitHub
                    + "|glpat-[A-Za-z0-9_-]{20,}"                                  // GitLab
                    + "|xox[abprs]-[A-Za-z0-9-]{10,}"                              // Slack
                    + "|AIza[0-9A-Za-z_-]{35}"                                     // Google API keys
                    + "|(?:AKIA|ASIA)[0-9A-Z]{16}"                                 // AWS access key ids
                    + "|hf_[A-Za-z0-9]{30,}"                                       // Hugging Face
                    + "|npm_[A-Za-z0-9]{36}"                                       // npm
                    + "|(?:sk|rk)_live_[A-Za-z0-9]{20,}"                           // Stripe
                    + "|eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*"   // JWTs (a header that is JSON)
                    + ")(?![A-Za-z0-9_-])");
    /** An AWS access key id: where one is, its 40-character secret is usually beside it. */
    private static final Pattern AWS_KEY_ID = Pattern.compile("(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])");
    /** AWS's secret access key: 40 characters of base64's alphabet with both cases (a git SHA has one). */
    static final Pattern AWS_SECRET = Pattern.compile("(?<![A-Za-z0-9/+=])(?=[A-Za-z0-9/+]*[a-z])(?=[A-Za-z0-9/+]*[A-Z])"
            + "[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])");
    /** A PEM private key block, to its END line or, cut off, to the end of the text. */
    static final Pattern PEM_PRIVATE_KEY = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?)-----[\\s\\S]*?(?:-----END \\1-----|\\z)");
    /** Base64 of "-----BEGIN": a PEM block encoded, as kubeconfigs' client-key-data holds one. */
    static final Pattern BASE64_PEM = Pattern.compile("LS0tLS1CRUdJTi[A-Za-z0-9+/=]{16,}");
    /** A long run of base64 (a key, a kubeconfig, a keytab), for names that hint at one. */
    private static final Pattern BASE64_BLOB = Pattern.compile("[A-Za-z0-9+/_-]{32,}={0,2}");

    private SecretShapes() {
    }

    /** Whether the whole value is a secret by its shape (surrounding blanks aside). */
    public static boolean isSecret(String value) {
        String v = value.strip();
        return TOKEN.matcher(v).matches() || PEM_PRIVATE_KEY.matcher(v).matches() && v.startsWith("-----BEGIN")
                || BASE64_PEM.matcher(v).matches() && encodesPrivateKey(v);
    }

    /** Whether the value is a long base64 blob (secret only under a name that hints at key material). */
    public static boolean isBase64Blob(String value) {
        String v = value.strip();
        if (!BASE64_BLOB.matcher(v).matches() || v.chars().noneMatch(Character::isDigit)) {
            return false;
        }
        try {
            Base64.getMimeDecoder().decode(v.replace('-', '+').replace('_', '/'));
            return true;
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
    }

    /** Whether the text holds an AWS access key id, so that 40-character secrets beside it are taken out too. */
    static boolean hasAwsKeyId(String text) {
        return AWS_KEY_ID.matcher(text).find();
    }

    /** Whether a base64-encoded PEM block is a private key (a certificate is public and stays). */
    static boolean encodesPrivateKey(String base64) {
        String head = base64.length() > 80 ? base64.substring(0, 80) : base64;
        head = head.substring(0, head.length() - head.length() % 4);
        try {
            return new String(Base64.getDecoder().decode(head), StandardCharsets.US_ASCII).contains("PRIVATE KEY");
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
    }

    /** The base64 PEM blobs in {@code text} that are private keys, each replaced by {@code placeholder}. */
    static String replaceEncodedKeys(String text, String placeholder) {
        Matcher m = BASE64_PEM.matcher(text);
        return m.replaceAll(r -> Matcher.quoteReplacement(encodesPrivateKey(r.group()) ? placeholder : r.group()));
    }
}
