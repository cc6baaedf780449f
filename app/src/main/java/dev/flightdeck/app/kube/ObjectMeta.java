package dev.flightdeck.app.kube;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The metadata the console reads of any object; maps and lists are never null. Its creation time is read leniently
 * ({@link LenientTime}): an odd one is unknown. A deletion time is read strictly: its presence is what counts.
 */
public record ObjectMeta(String name, String namespace, String uid, String resourceVersion,
                         @JsonDeserialize(using = LenientTime.class) Instant creationTimestamp,
                         Instant deletionTimestamp,
                         Map<String, String> labels, Map<String, String> annotations,
                         List<OwnerReference> ownerReferences) {

    public ObjectMeta {
        labels = labels == null ? Map.of() : labels;
        annotations = annotations == null ? Map.of() : annotations;
        ownerReferences = ownerReferences == null ? List.of() : ownerReferences;
    }

    /** An owner reference: who made this object. */
    public record OwnerReference(String apiVersion, String kind, String name, String uid, Boolean controller) {
    }

    /** No metadata at all: what an object without any reads as. */
    public static final ObjectMeta NONE = new ObjectMeta(null, null, null, null, null, null, null, null, null);

    /**
     * The metadata of {@code object}, an object kept as a tree because it is edited and sent back whole (a workload
     * to recreate, a manifest saved in the journal); {@link #NONE} when it has none.
     *
     * @throws IllegalArgumentException when a field of it has the wrong type (the message names the field, not its value)
     */
    public static ObjectMeta of(com.fasterxml.jackson.databind.JsonNode object) {
        com.fasterxml.jackson.databind.JsonNode meta = object == null ? null : object.get("metadata");
        if (meta == null || meta.isNull()) {
            return NONE;
        }
        try {
            return dev.flightdeck.app.watch.KubeJson.MAPPER.treeToValue(meta, ObjectMeta.class);
        } catch (com.fasterxml.jackson.databind.JsonMappingException e) {
            String field = e.getPath().stream().map(r -> r.getFieldName() == null ? "[" + r.getIndex() + "]" : r.getFieldName())
                    .collect(java.util.stream.Collectors.joining("."));
            throw new IllegalArgumentException("metadata." + field + " has the wrong type");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("metadata cannot be read");
        }
    }

    /** The owner that controls this object, if any. */
    public java.util.Optional<OwnerReference> controller() {
        return ownerReferences.stream().filter(o -> Boolean.TRUE.equals(o.controller())).findFirst();
    }
}
