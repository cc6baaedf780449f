package dev.flightdeck.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The simulated controllers of gang workloads, behind the sandbox's POST and DELETE: a create
 * passes {@link SandboxAdmission} first; an Indexed Job gets the Job API's defaulting; a moment
 * after an Indexed Job, JobSet, PyTorchJob or MPIJob is created its pods appear as the real
 * controllers make them ({@link SandboxRankPods}); a DELETE of one cascades to its dependents as
 * {@code propagationPolicy} says ({@link SandboxGarbageCollector}). Plain (non-indexed) Jobs and
 * every other resource are stored as they come, as before.
 */
public final class SandboxWorkloadControllers {

    static final long START_AFTER_MS = 150;
    private static final List<String> WORKLOADS = List.of("batch/jobs", "jobset.x-k8s.io/jobsets",
            "kubeflow.org/pytorchjobs", "kubeflow.org/mpijobs");

    private final ObjectStore store;
    private final ScheduledExecutorService timer;
    private final SandboxAdmission admission = new SandboxAdmission();
    private final SandboxRankPods pods;
    private final SandboxGarbageCollector collector;
    private final List<Consumer<String>> deleteObservers = new CopyOnWriteArrayList<>();

    SandboxWorkloadControllers(ObjectStore store, ScheduledExecutorService timer) {
        this.store = store;
        this.timer = timer;
        SandboxPlacement placement = new SandboxPlacement(store);
        this.pods = new SandboxRankPods(store, placement);
        this.collector = new SandboxGarbageCollector(store, timer, placement);
    }

    /** Where tests make creates fail on purpose. */
    public SandboxAdmission admission() {
        return admission;
    }

    /**
     * Calls {@code observer} with "table/namespace/name" when a DELETE of a gang workload arrives,
     * before anything is deleted: tests use it to check what was true at that moment.
     */
    public void observeDeletes(Consumer<String> observer) {
        deleteObservers.add(observer);
    }

    ObjectNode create(String table, ObjectNode obj) throws StoreException {
        admission.admit(table, obj);
        boolean indexedJob = table.equals("batch/jobs") && "Indexed".equals(obj.path("spec").path("completionMode").asText());
        if (indexedJob) {
            SandboxJobDefaults.apply(obj);
        }
        ObjectNode stored = store.create(table, obj);
        if (indexedJob || (WORKLOADS.contains(table) && !table.equals("batch/jobs"))) {
            ObjectNode copy = stored.deepCopy();
            timer.schedule(() -> start(table, copy), START_AFTER_MS, TimeUnit.MILLISECONDS);
        }
        return stored;
    }

    ObjectNode delete(String table, String namespace, String name, JsonNode options, String queryPolicy)
            throws StoreException {
        if (!WORKLOADS.contains(table)) {
            return store.delete(table, namespace, name);
        }
        deleteObservers.forEach(o -> o.accept(table + "/" + namespace + "/" + name));
        return collector.delete(table, namespace, name, options, queryPolicy);
    }

    private void start(String table, ObjectNode workload) {
        try {
            switch (table) {
                case "batch/jobs" -> pods.indexedJob(workload);
                case "jobset.x-k8s.io/jobsets" -> pods.jobSet(workload);
                case "kubeflow.org/pytorchjobs" -> pods.pyTorchJob(workload);
                case "kubeflow.org/mpijobs" -> pods.mpiJob(workload);
                default -> { }
            }
        } catch (StoreException e) {
            // Deleted again before its controller got to it (or a name collided): as a real controller, give up quietly.
        }
    }
}
