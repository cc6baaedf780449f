package dev.flightdeck.app.kube;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The metadata the console reads of any object; maps and lists are never null. */
public record ObjectMeta(String name, String namespace, String uid, String resourceVersion, Instant creationTimestamp,
                         Instant deletionTimestamp, Map<String, String> labels, Map<String, String> annotations,
                         List<OwnerReference> ownerReferences) {

    public ObjectMeta {
        labels = labels == null ? Map.of() : labels;
        annotations = annotations == null ? Map.of() : annotations;
        ownerReferences = ownerReferences == null ? List.of() : ownerReferences;
    }

    /** An owner reference: who made this object. */
    public record OwnerReference(String apiVersion, String kind, String name, String uid, Boolean controller) {
    }

    /** The owner that controls this object, if any. */
    public java.util.Optional<OwnerReference> controller() {
        return ownerReferences.stream().filter(o -> Boolean.TRUE.equals(o.controller())).findFirst();
    }
}
