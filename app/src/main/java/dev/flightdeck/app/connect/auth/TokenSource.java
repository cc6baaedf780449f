package dev.flightdeck.app.connect.auth;

/** Where a connection's bearer token comes from, fresh for every request (a plugin, a rotated file). */
public interface TokenSource {

    /**
     * The token to send now.
     *
     * @throws CredentialsUnavailable when there is none, in words
     */
    String token();

    /** The server answered 401 to a request that carried {@code token}: do not offer it again. */
    void rejected(String token);

    /** What this source is, for messages ("exec plugin 'aws'", "token file /run/token"); never a secret. */
    String describe();
}
