package dev.flightdeck.app.checkpoints;

import dev.flightdeck.app.secrets.KnownSecrets;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.utils.SdkAutoCloseable;

/**
 * The standard AWS credentials chain, with each secret it resolves remembered as a known secret: a person's
 * AWS keys never appear in anything the console writes, even inside an error an S3 library put into words.
 */
final class KnownCredentials implements AwsCredentialsProvider, SdkAutoCloseable {

    private final AwsCredentialsProvider chain;

    KnownCredentials(AwsCredentialsProvider chain) {
        this.chain = chain;
    }

    @Override
    public AwsCredentials resolveCredentials() {
        AwsCredentials c = chain.resolveCredentials();
        KnownSecrets.register(c.secretAccessKey());
        if (c instanceof AwsSessionCredentials s) {
            KnownSecrets.register(s.sessionToken());
        }
        return c;
    }

    @Override
    public void close() {
        if (chain instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // closing the chain's own clients; nothing of ours is left open
            }
        }
    }
}
