package dev.flightdeck.app.connect.auth;

/**
 * Credentials for a cluster could not be had: the exec plugin hung, failed or printed garbage, or
 * the token file cannot be read. The message is one line an operator can act on, and never holds
 * a credential (a plugin's output is described by its size and shape, not quoted).
 */
public final class CredentialsUnavailable extends RuntimeException {

    public CredentialsUnavailable(String message) {
        super(message, null, false, false);
    }
}
