package dev.flightdeck.app.connect;

import java.net.URI;

/**
 * The S3 endpoint of a cluster running on this machine (the embedded sandbox), with the keys it
 * takes: its checkpoints are read there, signed with these keys, and the person's own AWS
 * credentials are never looked up for it.
 */
public record LocalObjectStorage(URI endpoint, String accessKey, String secretKey) {

    public LocalObjectStorage {
        dev.flightdeck.app.secrets.KnownSecrets.register(secretKey);
    }

    @Override
    public String toString() {
        return "LocalObjectStorage[" + endpoint + "]"; // never the keys
    }
}
