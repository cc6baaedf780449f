package dev.flightdeck.sandbox;

import java.util.Map;

/**
 * One object held by the sandbox API server, kept as its serialized JSON so that
 * 100k pods cost their bytes and not a Jackson tree each. The few fields that
 * selectors match on are pulled out once, when the object is stored.
 */
record StoredObject(String namespace, String name, long resourceVersion, byte[] json,
                    Map<String, String> labels, String nodeName, String phase) {

    String key() {
        return namespace == null ? name : namespace + "/" + name;
    }
}
