package dev.flightdeck.app.actions;

import dev.flightdeck.app.kube.AccessReview;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Asks the API server what this identity may do ({@code SelfSubjectAccessReview}), before an
 * action is offered, so a disallowed one is shown disabled with the missing rule named instead
 * of failing halfway. Answers are cached per cluster for a minute: permissions rarely change
 * mid-incident, and a screen full of buttons must not cost a review each per repaint.
 */
public final class Permissions {

    public static final Duration TTL = Duration.ofSeconds(60);

    private final KubeRest rest;
    private final Clock clock;
    private final Map<Permission, Answer> cache = new HashMap<>();

    private record Answer(boolean allowed, String why, Instant at) {
    }

    public Permissions(KubeRest rest, Clock clock) {
        this.rest = rest;
        this.clock = clock;
    }

    /** The first of {@code needed} that is not allowed, in words, or null when all are. */
    public String missing(List<Permission> needed) {
        for (Permission p : needed) {
            Answer a = answer(p);
            if (!a.allowed()) {
                return "not allowed to " + p.describe() + (a.why() == null || a.why().isEmpty() ? "" : " (" + a.why() + ")");
            }
        }
        return null;
    }

    public boolean allowed(Permission p) {
        return answer(p).allowed();
    }

    private synchronized Answer answer(Permission p) {
        Answer cached = cache.get(p);
        Instant now = clock.instant();
        if (cached != null && Duration.between(cached.at(), now).compareTo(TTL) < 0) {
            return cached;
        }
        Answer a = ask(p, now);
        cache.put(p, a);
        return a;
    }

    private Answer ask(Permission p, Instant now) {
        AccessReview question = AccessReview.asking(new AccessReview.ResourceAttributes(p.verb(), p.group(), p.resource(),
                p.subresource().isEmpty() ? null : p.subresource(), p.namespace()));
        try {
            KubeRest.Answer a = rest.post(ApiResource.SELF_SUBJECT_ACCESS_REVIEWS.path(), question);
            if (!a.ok()) {
                // Cannot ask: say so rather than guess. The action stays off until we know.
                return new Answer(false, "could not ask the API server: " + a.message(), now);
            }
            AccessReview.Status status = a.as(AccessReview.class).answer();
            return new Answer(status.isAllowed(), status.reasonOrEmpty(), now);
        } catch (IOException e) {
            return new Answer(false, "could not ask the API server: " + e.getMessage(), now);
        }
    }
}
