package dev.flightdeck.app.kube;

/**
 * What every object has, whatever its kind: apiVersion, kind and metadata (Kubernetes' own PartialObjectMetadata).
 * Read where the console keeps an object whole as a tree (to save, diff and send back) and needs only who it is.
 */
public record PartialObjectMetadata(String apiVersion, String kind, ObjectMeta metadata) implements KubeObject {

    public PartialObjectMetadata {
        apiVersion = apiVersion == null ? "" : apiVersion;
        kind = kind == null ? "" : kind;
        metadata = metadata == null ? ObjectMeta.NONE : metadata;
    }

    /** Its uid, or "" when it has none (an object not yet created). */
    public String uid() {
        return metadata.uid() == null ? "" : metadata.uid();
    }

    /**
     * Who {@code object} is, read from the tree it is kept as.
     *
     * @throws IllegalArgumentException when a field has the wrong type (the message names the field, not its value)
     */
    public static PartialObjectMetadata of(com.fasterxml.jackson.databind.JsonNode object) {
        com.fasterxml.jackson.databind.JsonNode v = object == null ? null : object.get("apiVersion");
        com.fasterxml.jackson.databind.JsonNode k = object == null ? null : object.get("kind");
        return new PartialObjectMetadata(v != null && v.isValueNode() ? v.asText() : null,
                k != null && k.isValueNode() ? k.asText() : null, ObjectMeta.of(object));
    }
}
