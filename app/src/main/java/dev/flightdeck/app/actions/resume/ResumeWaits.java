package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ObjectList;
import dev.flightdeck.app.kube.PartialObjectMetadata;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.kube.KubeRest;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The two waits of a resume, polled through the API (a few small GETs per second at most):
 * the old workload and its pods gone, and the new workload's ranks created.
 */
final class ResumeWaits {

    private final KubeRest rest;
    private final Clock clock;
    private final long pollMillis;

    ResumeWaits(KubeRest rest, Clock clock, long pollMillis) {
        this.rest = rest;
        this.clock = clock;
        this.pollMillis = pollMillis;
    }

    /**
     * Waits until the workload with {@code uid} and each pod are gone (404, or the name now holds
     * another UID). Returns what is still there at the deadline: empty when everything went.
     */
    List<String> untilGone(ResumePlan plan, String uid, List<ResumePod> pods, Instant deadline)
            throws IOException, InterruptedException {
        List<String> left = new ArrayList<>();
        while (true) {
            left.clear();
            if (present(plan.kind().objectPath(plan.namespace(), plan.name()), uid)) {
                left.add(plan.describe());
            }
            for (ResumePod p : pods) {
                if (present(p.path(), p.uid())) {
                    left.add("pod " + p.namespace() + "/" + p.name());
                }
            }
            if (left.isEmpty() || !clock.instant().isBefore(deadline)) {
                return List.copyOf(left);
            }
            Thread.sleep(pollMillis);
        }
    }

    private boolean present(ApiPath path, String uid) throws IOException {
        KubeRest.Answer a = rest.get(path);
        if (a.code() == 404) {
            return false;
        }
        if (!a.ok()) {
            throw new IOException("cannot check " + path + ": " + a.message());
        }
        return uid.equals(a.as(PartialObjectMetadata.class).uid());
    }

    /**
     * Waits until {@code expected} new ranks exist (pods of the workload not among {@code oldPods}
     * and not being deleted), reporting each change; returns the last count seen.
     */
    ResumeEvent.Ranks untilRanksExist(ResumePlan plan, Set<String> oldPods, Instant deadline,
                                      Consumer<ResumeEvent> events) throws IOException, InterruptedException {
        ResumeEvent.Ranks last = null;
        while (true) {
            KubeRest.Answer list = rest.get(plan.kind().podQuery(plan.namespace(), plan.name()));
            if (!list.ok()) {
                throw new IOException("cannot list the new pods of " + plan.ref() + ": " + list.message());
            }
            int created = 0;
            int running = 0;
            int pending = 0;
            for (PodObject p : list.as(new TypeReference<ObjectList<PodObject>>() { }).items()) {
                if (oldPods.contains(java.util.Objects.toString(p.metadata().uid(), "")) || p.metadata().deletionTimestamp() != null) {
                    continue;
                }
                created++;
                String phase = p.phase();
                running += phase.equals("Running") ? 1 : 0;
                pending += phase.equals("Pending") || phase.isEmpty() ? 1 : 0;
            }
            ResumeEvent.Ranks now = new ResumeEvent.Ranks(created, plan.expectedRanks(), running, pending);
            if (!now.equals(last)) {
                events.accept(now);
                last = now;
            }
            boolean started = created >= plan.expectedRanks() && running + pending >= plan.expectedRanks();
            if (started || !clock.instant().isBefore(deadline)) {
                return last;
            }
            Thread.sleep(pollMillis);
        }
    }
}
