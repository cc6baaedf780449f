package dev.flightdeck.app.kube;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A SelfSubjectAccessReview (authorization.k8s.io/v1): "may I do this?", asked by creating one; the server answers
 * in its {@code status} and stores nothing.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AccessReview(String apiVersion, String kind, Spec spec, Status status) {

    /** The question: {@code verb} on {@code group}'s {@code resource} (and subresource), in {@code namespace} or all. */
    public static AccessReview asking(ResourceAttributes attributes) {
        return new AccessReview(ApiResource.SELF_SUBJECT_ACCESS_REVIEWS.apiVersion(),
                ApiResource.SELF_SUBJECT_ACCESS_REVIEWS.kind(), new Spec(attributes), null);
    }

    public record Spec(ResourceAttributes resourceAttributes) {
    }

    /** Fields left null are left out: "" and absent differ for the server (a subresource of "" is none). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ResourceAttributes(String verb, String group, String resource, String subresource, String namespace) {
    }

    /** The server's answer; not allowed when it gave none. */
    public Status answer() {
        return status == null ? new Status(null, null) : status;
    }

    /** {@code reason} says why, when the authorizer gives one. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Status(Boolean allowed, String reason) {
        public boolean isAllowed() {
            return Boolean.TRUE.equals(allowed);
        }

        public String reasonOrEmpty() {
            return reason == null ? "" : reason;
        }
    }
}
