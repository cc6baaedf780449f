package dev.flightdeck.app.actions.resume;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ObjectList;
import dev.flightdeck.app.kube.PartialObjectMetadata;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.actions.ActionJournal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs one confirmed resume, in an order that never loses the original:
 * <ol>
 *   <li>read the workload and its pods again, and write them whole to the journal (fsync'd);
 *       if that fails, or the workload changed since the plan, stop before deleting anything;</li>
 *   <li>delete the workload with {@link ResumePlan#PROPAGATION} and a UID precondition (only the
 *       object that was saved is deleted), and wait until it and its pods are gone;</li>
 *   <li>create the new workload; if that fails, create the saved one again;</li>
 *   <li>wait until the new ranks exist (Pending or Running).</li>
 * </ol>
 * Each step is reported as an event (the run around it journals them). There is no cancel: once the delete is sent,
 * stopping halfway would leave no workload at all.
 */
public final class ResumeExecutor {

    private final KubeRest rest;
    private final Clock clock;
    private final ResumeOptions options;
    private final ResumeWaits waits;

    public ResumeExecutor(KubeRest rest, Clock clock, ResumeOptions options) {
        this.rest = rest;
        this.clock = clock;
        this.options = options;
        this.waits = new ResumeWaits(rest, clock, options.poll().toMillis());
    }

    /** @param journal the run's journal, where the original is saved before anything is deleted */
    public ResumeOutcome execute(ResumePlan plan, ActionJournal journal, Consumer<ResumeEvent> events) {
        ResumeJournal log = new ResumeJournal(journal);
        Run run = new Run(plan, log, events);
        try {
            return run.go();
        } catch (IOException e) {
            return run.finish(ResumeOutcome.Result.FAILED, null, "resume of " + plan.ref() + " stopped: " + e.getMessage()
                    + run.stateLine());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return run.finish(ResumeOutcome.Result.FAILED, null, "resume of " + plan.ref() + " interrupted" + run.stateLine());
        } catch (RuntimeException e) {
            // A client closed under the run, a bug: still one outcome, saying where the original is.
            return run.finish(ResumeOutcome.Result.FAILED, null, "resume of " + plan.ref() + " stopped: "
                    + dev.flightdeck.app.watch.Problems.describe(e) + run.stateLine());
        }
    }

    /** One run's state: what has been done so far decides what a failure line must say. */
    private final class Run {
        final ResumePlan plan;
        final ResumeJournal log;
        final Consumer<ResumeEvent> events;
        boolean deleteSent;

        Run(ResumePlan plan, ResumeJournal log, Consumer<ResumeEvent> events) {
            this.plan = plan;
            this.log = log;
            this.events = events;
        }

        ResumeOutcome go() throws IOException, InterruptedException {
            ApiPath path = plan.kind().objectPath(plan.namespace(), plan.name());
            KubeRest.Answer current = rest.get(path);
            if (current.code() == 404) {
                return finish(ResumeOutcome.Result.NOT_STARTED, null, plan.describe()
                        + " no longer exists; nothing was deleted or created");
            }
            if (!current.ok()) {
                return finish(ResumeOutcome.Result.NOT_STARTED, null, "cannot read " + plan.describe() + ": "
                        + current.message() + "; nothing was deleted");
            }
            JsonNode workload = current.json();
            if (!ServerFields.strip(workload, plan.kind()).equals(plan.before())) {
                return finish(ResumeOutcome.Result.NOT_STARTED, null, plan.describe()
                        + " changed since the plan was made; nothing was deleted (plan again to see the new diff)");
            }
            String uid = PartialObjectMetadata.of(workload).uid();
            List<ResumePod> pods = currentPods();
            List<JsonNode> podObjects = new ArrayList<>();
            for (ResumePod p : pods) {
                KubeRest.Answer a = rest.get(p.path());
                if (a.ok()) {
                    podObjects.add(a.json());
                } else if (a.code() != 404) {
                    return finish(ResumeOutcome.Result.NOT_STARTED, null, "cannot read pod " + p.name() + " to save it: "
                            + a.message() + "; nothing was deleted");
                }
            }
            Path file;
            try {
                file = log.saveOriginal(plan, workload, podObjects);
            } catch (IOException e) {
                return finish(ResumeOutcome.Result.NOT_STARTED, null, "could not save " + plan.describe()
                        + " to the journal in " + log.directory() + ": " + e.getMessage() + "; nothing was deleted");
            }
            events.accept(new ResumeEvent.Saved(plan.describe(), podObjects.size(), file));

            Instant deleteAt = clock.instant();
            events.accept(new ResumeEvent.Deleting(plan.describe(), ResumePlan.PROPAGATION));
            deleteSent = true;
            KubeRest.Answer del = rest.delete(path, Map.of("apiVersion", "v1", "kind", "DeleteOptions",
                    "propagationPolicy", ResumePlan.PROPAGATION, "preconditions", Map.of("uid", uid)));
            if (!del.ok() && del.code() != 404) {
                deleteSent = false;
                return finish(ResumeOutcome.Result.FAILED, null, "could not delete " + plan.describe() + ": "
                        + del.message() + "; nothing was changed");
            }
            List<String> left = waits.untilGone(plan, uid, pods, deleteAt.plus(options.deleteTimeout()));
            if (!left.isEmpty()) {
                return finish(ResumeOutcome.Result.DELETE_TIMED_OUT, null, "the delete of " + plan.describe()
                        + " is not done after " + options.deleteTimeout().toSeconds() + " s (" + left.size()
                        + " left, first " + left.getFirst() + "); nothing was created; the original is saved in " + file
                        + restoreHint());
            }
            Duration deleting = Duration.between(deleteAt, clock.instant());
            events.accept(new ResumeEvent.Deleted(plan.describe(), pods.size(), deleting));
            return create(pods);
        }

        private ResumeOutcome create(List<ResumePod> oldPods) throws IOException, InterruptedException {
            KubeRest.Answer made = rest.post(plan.kind().collectionPath(plan.namespace()), plan.after());
            if (!made.ok()) {
                events.accept(new ResumeEvent.CreateFailed(plan.describe(), made.message()));
                KubeRest.Answer back = rest.post(plan.kind().collectionPath(plan.namespace()), plan.before());
                if (back.ok()) {
                    String uid = back.as(PartialObjectMetadata.class).uid();
                    events.accept(new ResumeEvent.Restored(plan.describe(), uid));
                    return finish(ResumeOutcome.Result.RESTORED, uid, "creation failed: " + made.message()
                            + "; the original was restored");
                }
                return finish(ResumeOutcome.Result.RESTORE_FAILED, null, "creation failed: " + made.message()
                        + "; restoring the original failed too: " + back.message() + "; it is saved in " + log.file()
                        + restoreHint());
            }
            String uid = made.as(PartialObjectMetadata.class).uid();
            String env = plan.envName() + "=" + plan.location().value();
            events.accept(new ResumeEvent.Created(plan.describe(), uid, env, plan.containers()));
            Set<String> old = new HashSet<>();
            oldPods.forEach(p -> old.add(p.uid()));
            ResumeEvent.Ranks r = waits.untilRanksExist(plan, old, clock.instant().plus(options.startTimeout()), events);
            boolean started = r.created() >= plan.expectedRanks() && r.running() + r.pending() >= plan.expectedRanks();
            String from = " from " + plan.checkpoint().uri();
            return started
                    ? finish(ResumeOutcome.Result.RESUMED, uid, "resumed " + plan.ref() + from + ": " + r.created()
                    + " ranks created (" + r.running() + " Running, " + r.pending() + " Pending)")
                    : finish(ResumeOutcome.Result.RESUMED_UNVERIFIED, uid, "recreated " + plan.ref() + from + ", but only "
                    + r.created() + " of " + plan.expectedRanks() + " ranks exist after "
                    + options.startTimeout().toSeconds() + " s (" + r.running() + " Running, " + r.pending() + " Pending)");
        }

        /** The pods now, by the workload's pod label: the plan's and any made since. */
        private List<ResumePod> currentPods() throws IOException {
            KubeRest.Answer list = rest.get(plan.kind().podQuery(plan.namespace(), plan.name()));
            if (!list.ok()) {
                throw new IOException("cannot list the pods of " + plan.ref() + ": " + list.message());
            }
            Map<String, ResumePod> byName = new LinkedHashMap<>();
            plan.pods().forEach(p -> byName.put(p.name(), p));
            list.as(new TypeReference<ObjectList<PodObject>>() { }).items()
                    .forEach(p -> byName.put(Objects.toString(p.name(), ""), ResumePod.of(p)));
            return List.copyOf(byName.values());
        }

        /** What a failure after the delete must add: where the original is, and how to bring it back. */
        String stateLine() {
            return deleteSent && log.file() != null ? "; the original is saved in " + log.file() + restoreHint()
                    : "; nothing was deleted";
        }

        /** The one command that creates the saved original again, if the new workload was never made. */
        String restoreHint() {
            return log.savedAt() == null ? "" : " (if it was not created again: flightdeck journal restore "
                    + log.savedAt() + " --confirm " + plan.name() + ")";
        }

        ResumeOutcome finish(ResumeOutcome.Result result, String uid, String summary) {
            ResumeOutcome o = new ResumeOutcome(result, plan.ref(), summary, log.file(), uid);
            events.accept(new ResumeEvent.Finished(o));
            return o;
        }
    }

}
