package dev.flightdeck.app.diagnose.logs;

import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.kube.PodObject;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What to read for one rank, decided from its pod as the server has it, before any log request: which container,
 * whether its current run has a log (the kubelet serves the last ended run for a container waiting to restart, and
 * nothing for one that never started), whether the run before its restart is worth reading too (it crashed, and the
 * container runs again), or why nothing can be read.
 *
 * @param pod     the pod, or null when the rank has none
 * @param noLog   why no log can be read, or null
 */
record RankPlan(RankSlot slot, PodObject pod, String container, Termination termination, boolean readCurrent,
                boolean readPrevious, String noLog) {

    static RankPlan of(RankSlot slot, PodObject pod, boolean previousOnly) {
        if (slot.pod() == null || pod == null) {
            return new RankPlan(slot, null, null, null, false, false, "no pod: the rank is missing");
        }
        String container = container(pod);
        if (container == null) {
            return new RankPlan(slot, pod, null, null, false, false, "the pod has no containers");
        }
        PodObject.ContainerStatus status = pod.containerStatus(container).orElse(null);
        Termination end = Termination.of(status).orElse(null);
        if (pod.spec().nodeName() == null) {
            return new RankPlan(slot, pod, container, end, false, false, "not scheduled yet: no log");
        }
        boolean hasPrevious = status != null && status.lastState() != null && status.lastState().terminated() != null;
        boolean running = status != null && status.state() != null && status.state().running() != null;
        boolean ended = status != null && status.state() != null && status.state().terminated() != null;
        if (previousOnly) {
            return hasPrevious ? new RankPlan(slot, pod, container, end, false, true, null)
                    : new RankPlan(slot, pod, container, end, false, false, "no previous run: the container has not restarted");
        }
        if (!running && !ended && !hasPrevious) {
            String why = status == null || status.state() == null || status.state().waiting() == null ? "not started"
                    : "waiting to start: " + status.state().waiting().reason();
            return new RankPlan(slot, pod, container, end, false, false, "no log yet: the container is " + why);
        }
        // Running after a restart: the crash is in the run before. Waiting or ended: the current log is that run.
        return new RankPlan(slot, pod, container, end, true, running && hasPrevious, null);
    }

    /** The container {@code kubectl logs} would read: the annotated default, else the first. */
    static String container(PodObject pod) {
        return pod.defaultContainer().orElse(null);
    }

    /**
     * The order to read ranks in: those that ended badly first, earliest end first (the first failure is read
     * first and shows first), then the other troubled ranks, then the rest by rank. A summary shown while it fills
     * in then has its most telling ranks from the start.
     */
    static List<RankPlan> inReadingOrder(List<RankPlan> plans) {
        List<RankPlan> sorted = new ArrayList<>(plans);
        sorted.sort(Comparator.comparingInt(RankPlan::group)
                .thenComparing(p -> p.termination() == null || p.termination().finishedAt() == null ? Instant.MAX
                        : p.termination().finishedAt())
                .thenComparingInt(p -> p.slot().rank()));
        return sorted;
    }

    private int group() {
        if (termination != null) {
            return 0;
        }
        return slot.state().haltsGang() ? 1 : 2;
    }

    /** Node and pod names, taken out of error messages so the same error on two ranks reads the same. */
    static java.util.Set<String> hosts(List<RankPlan> plans) {
        java.util.Set<String> hosts = new java.util.HashSet<>();
        for (RankPlan p : plans) {
            if (p.slot().node() != null) {
                hosts.add(p.slot().node());
            }
            if (p.slot().pod() != null) {
                hosts.add(p.slot().pod());
            }
        }
        return hosts;
    }

    /** Plans for every rank of a gang. */
    static List<RankPlan> forGang(List<RankSlot> ranks, Map<String, PodObject> pods, boolean previousOnly) {
        List<RankPlan> plans = new ArrayList<>(ranks.size());
        for (RankSlot r : ranks) {
            plans.add(of(r, r.pod() == null ? null : pods.get(r.pod()), previousOnly));
        }
        return plans;
    }
}
