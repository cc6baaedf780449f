package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A simulated validation-job runner: the Job controller, scheduler and kubelet for Jobs labelled as
 * Flightdeck preflights ({@code app.kubernetes.io/name=flightdeck-preflight}), found by looking at
 * the Jobs every 100 ms as a controller's informer would. For each: the pod is created at once
 * (Pending); after the scheduling delay the {@link SandboxGpuScheduler} binds it or leaves it
 * Pending with the scheduler's message (and tries again each delay); a bound pod runs for the
 * running time and then Succeeds, or Fails when the node's simulated GPUs are broken
 * ({@link SimulatedGpuHealth}: a health agent's fault condition, or withdrawn GPUs) or a drill
 * scripted the failure. The Job gets
 * Complete, or Failed with BackoffLimitExceeded; past activeDeadlineSeconds (from the Job's start,
 * scheduled or not) its pod is killed and the Job Fails with DeadlineExceeded. A pod on a node that
 * is deleted goes with it (the pod garbage collector). ttlSecondsAfterFinished deletes the Job and
 * its pod. Container logs come from {@link SandboxValidationLogs}.
 */
public final class SandboxPreflightRuns {

    /**
     * How long each step takes: {@code DEMO} by default (a few seconds to "pull" and schedule, a
     * diagnostic's worth of running), {@code FAST} for tests.
     */
    public record Timing(Duration scheduling, Duration running, Duration termination) {
        public static final Timing DEMO = new Timing(Duration.ofSeconds(3), Duration.ofSeconds(12), Duration.ofSeconds(5));
        public static final Timing FAST = new Timing(Duration.ofMillis(300), Duration.ofMillis(2000), Duration.ofMillis(1000));
    }

    private enum State { PENDING, RUNNING, DONE }

    /** One Job's progress; written by the timer thread, read by log requests. */
    private static final class Run {
        final String namespace;
        final String job;
        final String uid;
        final boolean dcgm;
        final long deadlineSeconds;
        final long ttlSeconds;
        final int gpus;
        final Instant started;
        volatile State state = State.PENDING;
        volatile SandboxValidationLogs.Stage stage = SandboxValidationLogs.Stage.RUNNING;
        volatile String pod;
        volatile String node;
        volatile String fault;
        volatile String driver = "570.124.06";
        volatile String schedulerSaid;
        volatile Instant nextTry;
        volatile Instant runningSince;
        volatile Instant finishedAt;
        volatile Instant podDeleteAt;

        Run(JsonNode job, Instant now) {
            JsonNode meta = job.path("metadata");
            JsonNode spec = job.path("spec");
            this.namespace = meta.path("namespace").asText();
            this.job = meta.path("name").asText();
            this.uid = meta.path("uid").asText();
            this.dcgm = spec.path("template").path("spec").path("containers").path(0).path("command").toString().contains("dcgmi");
            this.deadlineSeconds = spec.path("activeDeadlineSeconds").asLong(Long.MAX_VALUE / 2_000);
            this.ttlSeconds = spec.path("ttlSecondsAfterFinished").asLong(-1);
            this.gpus = SandboxGpuScheduler.gpus(spec.path("template").path("spec"));
            this.started = now;
        }
    }

    private static final long TICK_MS = 100;

    private final ObjectStore store;
    private final SandboxGpuScheduler scheduler;
    private final SandboxWorkloadControllers workloads;
    private final Map<String, Run> runs = new ConcurrentHashMap<>();
    private final Map<String, Run> byPod = new ConcurrentHashMap<>();
    private volatile Timing timing = Timing.DEMO;
    // Failures a drill scripts ("the repair did not take"): node -> what the diagnostic reports.
    private final Map<String, String> scriptedFailures = new ConcurrentHashMap<>();

    SandboxPreflightRuns(ObjectStore store, SandboxWorkloadControllers workloads, ScheduledExecutorService timer) {
        this.store = store;
        this.scheduler = new SandboxGpuScheduler(store);
        this.workloads = workloads;
        timer.scheduleWithFixedDelay(this::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    }

    /** Changes the step times for runs from now on (and the remaining steps of runs under way). */
    /** The next validation on {@code node} fails with {@code reason}, whatever the node reports (a drill's fault). */
    public void failNextOn(String node, String reason) {
        scriptedFailures.put(node, reason);
    }

    public void use(Timing t) {
        this.timing = t;
    }

    /** The validation container's log so far, or null when {@code pod} is not a validation pod. */
    List<String> log(String namespace, String pod) {
        Run r = byPod.get(namespace + "/" + pod);
        return r == null ? null : SandboxValidationLogs.lines(r.dcgm, r.gpus, r.stage, r.fault, r.driver);
    }

    private void tick() {
        Instant now = Instant.now();
        try {
            discover(now);
            for (Run r : runs.values()) {
                advance(r, now);
            }
        } catch (StoreException | RuntimeException e) {
            // A simulated controller keeps going, as a real one retries on its next sync.
        }
    }

    private void discover(Instant now) throws StoreException {
        ResourceTable jobs = store.table("batch/jobs");
        for (StoredObject o : jobs.list(x -> "flightdeck-preflight".equals(x.labels().get("app.kubernetes.io/name"))
                && !runs.containsKey(x.key()), null, 0).items()) {
            ObjectNode job = ObjectStore.parse(o.json());
            if (!job.path("status").path("conditions").isEmpty()) {
                continue; // finished before this runner saw it
            }
            runs.put(o.key(), new Run(job, now));
        }
    }

    private void advance(Run r, Instant now) throws StoreException {
        ObjectNode job = getOrNull("batch/jobs", r.namespace, r.job);
        if (job == null || !r.uid.equals(job.path("metadata").path("uid").asText())) {
            drop(r); // deleted: the deletion hook has collected or orphaned its pod
            return;
        }
        if (r.state == State.DONE) {
            afterEnd(r, job, now);
            return;
        }
        if (r.pod == null) {
            ObjectNode pod = SandboxValidationPods.pod(job);
            r.pod = pod.path("metadata").path("name").asText();
            byPod.put(r.namespace + "/" + r.pod, r);
            store.create("pods", pod);
            SandboxValidationPods.jobStarted(job, now);
            store.replace("batch/jobs", r.namespace, r.job, job);
            r.nextTry = now.plus(timing.scheduling());
            return;
        }
        ObjectNode pod = getOrNull("pods", r.namespace, r.pod);
        if (pod == null) {
            end(r, job, now, false, "BackoffLimitExceeded", "Job has reached the specified backoff limit");
        } else if (!now.isBefore(r.started.plusSeconds(r.deadlineSeconds))) {
            deadline(r, job, pod, now);
        } else if (r.state == State.PENDING && !now.isBefore(r.nextTry)) {
            schedule(r, job, pod, now);
        } else if (r.state == State.RUNNING && getOrNull("nodes", null, r.node) == null) {
            store.delete("pods", r.namespace, r.pod); // the pod garbage collector removes pods of deleted nodes
            end(r, job, now, false, "BackoffLimitExceeded", "Job has reached the specified backoff limit");
        } else if (r.state == State.RUNNING && !now.isBefore(r.runningSince.plus(timing.running()))) {
            complete(r, job, pod, now);
        }
    }

    private void schedule(Run r, ObjectNode job, ObjectNode pod, Instant now) throws StoreException {
        SandboxGpuScheduler.Decision d = scheduler.decide(pod);
        if (d.bound()) {
            r.node = d.node();
            r.runningSince = now;
            r.state = State.RUNNING;
            SandboxValidationPods.running(pod, d.node(), now);
            store.replace("pods", r.namespace, r.pod, pod);
            SandboxValidationPods.jobActive(job, true);
            store.replace("batch/jobs", r.namespace, r.job, job);
        } else if (!d.message().equals(r.schedulerSaid)) {
            r.schedulerSaid = d.message();
            SandboxValidationPods.unschedulable(pod, d.message(), now);
            store.replace("pods", r.namespace, r.pod, pod);
        }
        r.nextTry = now.plus(timing.scheduling());
    }

    private void complete(Run r, ObjectNode job, ObjectNode pod, Instant now) throws StoreException {
        ObjectNode node = getOrNull("nodes", null, r.node);
        r.driver = node == null ? r.driver : node.path("metadata").path("labels").path("nvidia.com/cuda.driver-version.full")
                .asText(r.driver);
        String scripted = scriptedFailures.remove(r.node);
        r.fault = scripted != null ? scripted : node == null ? null : SimulatedGpuHealth.fault(node);
        boolean ok = r.fault == null;
        r.stage = ok ? SandboxValidationLogs.Stage.PASSED : SandboxValidationLogs.Stage.FAILED;
        SandboxValidationPods.terminated(pod, ok, ok ? 0 : 1, ok ? "Completed" : "Error", now);
        store.replace("pods", r.namespace, r.pod, pod);
        if (ok) {
            end(r, job, now, true, "CompletionsReached", "Reached expected number of succeeded pods");
        } else {
            end(r, job, now, false, "BackoffLimitExceeded", "Job has reached the specified backoff limit");
        }
    }

    /** The Job controller kills the pod (a bound one exits 143 and lingers for its grace period) and fails the Job. */
    private void deadline(Run r, ObjectNode job, ObjectNode pod, Instant now) throws StoreException {
        if (r.state == State.RUNNING) {
            r.stage = SandboxValidationLogs.Stage.KILLED;
            SandboxValidationPods.terminated(pod, false, 143, "Error", now);
            pod.with("metadata").put("deletionTimestamp", now.plus(timing.termination()).toString())
                    .put("deletionGracePeriodSeconds", Math.max(1, timing.termination().toSeconds()));
            store.replace("pods", r.namespace, r.pod, pod);
            r.podDeleteAt = now.plus(timing.termination());
        } else {
            store.delete("pods", r.namespace, r.pod); // never started: removed at once
        }
        end(r, job, now, false, "DeadlineExceeded", "Job was active longer than specified deadline");
    }

    private void end(Run r, ObjectNode job, Instant now, boolean complete, String reason, String message)
            throws StoreException {
        SandboxValidationPods.jobFinished(job, complete, reason, message, now);
        store.replace("batch/jobs", r.namespace, r.job, job);
        r.state = State.DONE;
        r.finishedAt = now;
    }

    private void afterEnd(Run r, ObjectNode job, Instant now) throws StoreException {
        if (r.podDeleteAt != null && !now.isBefore(r.podDeleteAt)) {
            r.podDeleteAt = null;
            if (getOrNull("pods", r.namespace, r.pod) != null) {
                store.delete("pods", r.namespace, r.pod);
            }
        }
        if (r.ttlSeconds >= 0 && !now.isBefore(r.finishedAt.plusSeconds(r.ttlSeconds))) {
            // The TTL-after-finished controller deletes with Background propagation.
            workloads.delete("batch/jobs", r.namespace, r.job,
                    SandboxJson.MAPPER.createObjectNode().put("propagationPolicy", "Background"), null);
            drop(r);
        }
    }

    private ObjectNode getOrNull(String table, String namespace, String name) throws StoreException {
        try {
            return store.get(table, namespace, name);
        } catch (StoreException e) {
            if (e.code() == 404) {
                return null;
            }
            throw e;
        }
    }

    private void drop(Run r) {
        runs.remove(r.namespace + "/" + r.job);
        if (r.pod != null) {
            byPod.remove(r.namespace + "/" + r.pod);
        }
    }
}
