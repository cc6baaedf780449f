package dev.flightdeck.app.kube;

import java.util.List;

/**
 * One page of a LIST: its items, the resourceVersion it was read at, and the token of the next page ("" on
 * the last).
 */
public record ObjectList<T>(ListMeta metadata, List<T> items) {

    public ObjectList {
        metadata = metadata == null ? new ListMeta("", "") : metadata;
        items = items == null ? List.of() : items;
    }

    public record ListMeta(String resourceVersion, String _continue) {
        @com.fasterxml.jackson.annotation.JsonCreator
        public ListMeta(@com.fasterxml.jackson.annotation.JsonProperty("resourceVersion") String resourceVersion,
                        @com.fasterxml.jackson.annotation.JsonProperty("continue") String _continue) {
            this.resourceVersion = resourceVersion == null ? "" : resourceVersion;
            this._continue = _continue == null ? "" : _continue;
        }
    }
}
