package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.kube.StatusObject;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Runs one confirmed drain with kubectl's semantics (conventions §6): cordon; list the node's pods
 * again and re-check the plan (something may have been scheduled since it was read); evict each
 * pod through the Eviction API ({@code policy/v1}, or {@code policy/v1beta1} where discovery says
 * only that is served; or delete it, if the operator chose that); a budget's 429 is
 * retried every 5 s until the timeout; 404 means already gone; then wait until each pod is gone
 * or replaced (its UID changed). Cancelling stops further evictions and leaves the node cordoned.
 * One instance per run; {@link #cancel()} may be called from any thread.
 */
public final class DrainExecutor {

    /** How a fresh plan is made after cordoning: the same reads as the original plan. */
    @FunctionalInterface
    public interface Replanner {
        DrainPlan replan() throws IOException;
    }

    private final KubeRest rest;
    private final Clock clock;
    private final Duration budgetRetry;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private EvictionApi eviction = EvictionApi.POLICY_V1;

    public DrainExecutor(KubeRest rest, Clock clock) {
        this(rest, clock, Duration.ofSeconds(5));
    }

    /** @param budgetRetry how long to wait after a budget's 429 (kubectl: 5 s) */
    public DrainExecutor(KubeRest rest, Clock clock, Duration budgetRetry) {
        this.rest = rest;
        this.clock = clock;
        this.budgetRetry = budgetRetry;
    }

    public void cancel() {
        cancelled.set(true);
    }

    /** Per pod: waiting to be evicted (with when to try next), or evicted and waiting to be gone. */
    private static final class Tracked {
        final DrainPod pod;
        Instant nextTry;
        boolean evicted;
        int attempts;

        Tracked(DrainPod pod, Instant now) {
            this.pod = pod;
            this.nextTry = now;
        }
    }

    public DrainOutcome execute(DrainPlan confirmed, String reason, String by, Replanner replanner,
                                Consumer<DrainEvent> events) {
        Instant start = clock.instant();
        String node = confirmed.node();
        try {
            KubeRest.Answer c = Cordon.cordon(rest, node, reason, by, start);
            if (c.code() == 404) {
                return finish(events, DrainOutcome.Result.NODE_GONE, node, 0, List.of(), start,
                        "node " + node + " no longer exists: nothing to drain");
            }
            if (!c.ok()) {
                return finish(events, DrainOutcome.Result.FAILED, node, 0, List.of(), start,
                        "could not cordon " + node + ": " + c.message());
            }
            events.accept(new DrainEvent.Cordoned(node));

            eviction = EvictionApi.of(rest);
            if (eviction == EvictionApi.NONE && !confirmed.options().disableEviction()) {
                return finish(events, DrainOutcome.Result.FAILED, node, 0, List.of(), start, "this API server offers no "
                        + "Eviction subresource; nothing was evicted and " + node + " stays cordoned (deleting pods "
                        + "directly would bypass their disruption budgets: choose it explicitly if you must)");
            }
            DrainPlan plan = replanner.replan();
            if (!plan.canProceed()) {
                DrainPlan.Blocker b = plan.blockers().getFirst();
                return finish(events, DrainOutcome.Result.REFUSED, node, 0, List.of(), start, node
                        + " is cordoned but nothing was evicted: " + b.pod().ref() + " " + b.why()
                        + " (needs consent: " + b.consent() + ")");
            }
            events.accept(new DrainEvent.Replanned(plan.evict().size(), changes(confirmed, plan)));
            return evictAll(plan, events, start);
        } catch (IOException e) {
            return finish(events, DrainOutcome.Result.FAILED, node, 0, List.of(), start,
                    "drain of " + node + " stopped: " + e.getMessage() + "; the node stays cordoned");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return finish(events, DrainOutcome.Result.CANCELLED, node, 0, List.of(), start, "drain interrupted");
        }
    }

    private DrainOutcome evictAll(DrainPlan plan, Consumer<DrainEvent> events, Instant start)
            throws InterruptedException {
        Map<String, Tracked> open = new LinkedHashMap<>();
        plan.evict().forEach(e -> open.put(e.pod().ref(), new Tracked(e.pod(), start)));
        int[] gone = {0};
        try {
            return evictAll(plan, events, start, open, gone);
        } catch (IOException e) {
            // The API server went away mid-drain: say exactly how far it got and what is left to do.
            List<String> notEvicted = open.values().stream().filter(t -> !t.evicted).map(t -> t.pod.ref()).toList();
            List<String> unconfirmed = open.values().stream().filter(t -> t.evicted).map(t -> t.pod.ref()).toList();
            int evicted = gone[0] + unconfirmed.size();
            return finish(events, DrainOutcome.Result.FAILED, plan.node(), gone[0], refs(open), start, "drain of "
                    + plan.node() + " stopped after evicting " + evicted + " of " + plan.evict().size() + " pods ("
                    + gone[0] + " seen gone): " + e.getMessage() + "; " + plan.node() + " stays cordoned"
                    + (unconfirmed.isEmpty() ? "" : "; evicted, not yet seen gone: " + String.join(", ", unconfirmed))
                    + (notEvicted.isEmpty() ? "" : "; not evicted: " + String.join(", ", notEvicted))
                    + (open.isEmpty() ? "" : " (drain it again to finish once the API server answers)"));
        }
    }

    private DrainOutcome evictAll(DrainPlan plan, Consumer<DrainEvent> events, Instant start, Map<String, Tracked> open,
                                  int[] goneSoFar) throws IOException, InterruptedException {
        String node = plan.node();
        int total = open.size();
        int gone = 0;
        Instant deadline = start.plus(plan.options().timeout());
        while (!open.isEmpty()) {
            if (cancelled.get()) {
                return finish(events, DrainOutcome.Result.CANCELLED, node, gone, refs(open), start, "cancelled after "
                        + gone + " of " + total + " pods; no further evictions; " + node + " stays cordoned");
            }
            if (clock.instant().isAfter(deadline)) {
                return finish(events, DrainOutcome.Result.TIMED_OUT, node, gone, refs(open), start, "timed out after "
                        + plan.options().timeout().toSeconds() + " s with " + open.size() + " of " + total
                        + " pods still on " + node + "; it stays cordoned");
            }
            if (nodeGone(node)) {
                return nodeGone(events, node, gone, open, start);
            }
            for (Tracked t : new ArrayList<>(open.values())) {
                if (!t.evicted && !clock.instant().isBefore(t.nextTry)) {
                    String failure = tryEvict(t, plan.options(), events);
                    if (failure != null && nodeGone(node)) {
                        // The node went away between the check above and this eviction (its pods
                        // go with it): that is the story to tell, not the one pod's failure.
                        return nodeGone(events, node, gone, open, start);
                    }
                    if (failure != null) {
                        events.accept(new DrainEvent.PodFailed(t.pod, failure));
                        return finish(events, DrainOutcome.Result.FAILED, node, gone, refs(open), start,
                                t.pod.ref() + ": " + failure + "; " + node + " stays cordoned");
                    }
                }
                if (t.evicted && isGone(t.pod)) {
                    open.remove(t.pod.ref());
                    goneSoFar[0] = ++gone;
                    events.accept(new DrainEvent.Gone(t.pod, gone, total));
                }
            }
            if (!open.isEmpty()) {
                Thread.sleep(Math.min(1000, budgetRetry.toMillis()));
            }
        }
        return finish(events, DrainOutcome.Result.DRAINED, node, gone, List.of(), start,
                node + " drained: " + gone + (gone == 1 ? " pod" : " pods") + " evicted in "
                        + Duration.between(start, clock.instant()).toSeconds() + " s; it stays cordoned");
    }

    private boolean nodeGone(String node) throws IOException {
        return rest.get(ApiResource.NODES.path().named(node)).code() == 404;
    }

    private DrainOutcome nodeGone(Consumer<DrainEvent> events, String node, int gone, Map<String, Tracked> open,
                                  Instant start) {
        return finish(events, DrainOutcome.Result.NODE_GONE, node, gone, refs(open), start, "node " + node
                + " was deleted during the drain; its remaining pods are left to the pod garbage collector");
    }

    /** One eviction attempt; returns a failure line when the drain cannot go on, else null. */
    private String tryEvict(Tracked t, DrainOptions options, Consumer<DrainEvent> events) throws IOException {
        DrainPod p = t.pod;
        ApiPath path = ApiResource.PODS.path().in(p.namespace()).named(p.name());
        t.attempts++;
        if (t.attempts == 1) {
            events.accept(new DrainEvent.Evicting(p));
        }
        KubeRest.Answer a = options.disableEviction()
                ? rest.delete(path, Map.of("apiVersion", "v1", "kind", "DeleteOptions"))
                : rest.post(path.sub("eviction"), Map.of("apiVersion", eviction.apiVersion(), "kind", "Eviction",
                        "metadata", Map.of("name", p.name(), "namespace", p.namespace())));
        switch (a.code()) {
            case 200, 201, 404 -> t.evicted = true; // 404: already gone, which is what we wanted
            case 429 -> {
                events.accept(new DrainEvent.Blocked(p, budgetCause(a), t.attempts));
                t.nextTry = clock.instant().plus(budgetRetry);
            }
            default -> {
                return "HTTP " + a.code() + ": " + a.message();
            }
        }
        return null;
    }

    private boolean isGone(DrainPod p) throws IOException {
        KubeRest.Answer a = rest.get(ApiResource.PODS.path().in(p.namespace()).named(p.name()));
        if (a.code() == 404) {
            return true;
        }
        // Same name, new UID: a StatefulSet recreated it; the one we evicted is gone.
        return a.ok() && !p.uid().equals(java.util.Objects.toString(a.as(PodObject.class).metadata().uid(), ""));
    }

    /** The budget's own words from the 429 Status ("needs 30 healthy pods and has 30 currently"). */
    private static String budgetCause(KubeRest.Answer a) {
        try {
            String cause = a.as(StatusObject.class).firstCause();
            return cause.isEmpty() ? a.message() : cause;
        } catch (IOException e) {
            return a.message();
        }
    }

    private static String changes(DrainPlan before, DrainPlan now) {
        List<String> was = before.evict().stream().map(e -> e.pod().ref()).toList();
        List<String> is = now.evict().stream().map(e -> e.pod().ref()).toList();
        long added = is.stream().filter(r -> !was.contains(r)).count();
        long left = was.stream().filter(r -> !is.contains(r)).count();
        return added == 0 && left == 0 ? " (as planned)"
                : " (" + added + " new since the plan, " + left + " already gone)";
    }

    private static List<String> refs(Map<String, Tracked> open) {
        return List.copyOf(open.keySet());
    }

    private DrainOutcome finish(Consumer<DrainEvent> events, DrainOutcome.Result result, String node, int evicted,
                                List<String> remaining, Instant start, String summary) {
        DrainOutcome o = new DrainOutcome(result, node, evicted, remaining, summary);
        events.accept(new DrainEvent.Finished(o));
        return o;
    }
}
