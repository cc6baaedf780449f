package dev.flightdeck.app.kube;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A SelfSubjectReview (authentication.k8s.io/v1, Kubernetes 1.28+): "who am I?", asked by creating one; the server
 * answers with the user it authenticated, whatever the credential (token, certificate, exec plugin).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SelfReview(String apiVersion, String kind, Status status) {

    /** The question, with nothing to fill in. */
    public static SelfReview asking() {
        return new SelfReview(ApiResource.SELF_SUBJECT_REVIEWS.apiVersion(), ApiResource.SELF_SUBJECT_REVIEWS.kind(), null);
    }

    public record Status(UserInfo userInfo) {
    }

    public record UserInfo(String username) {
    }

    /** The user name the server gave, or "" when it gave none. */
    public String username() {
        return status == null || status.userInfo() == null || status.userInfo().username() == null ? ""
                : status.userInfo().username();
    }
}
