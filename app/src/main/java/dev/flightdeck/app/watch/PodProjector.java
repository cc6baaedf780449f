package dev.flightdeck.app.watch;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.flightdeck.app.nodes.GpuLabels;
import dev.flightdeck.app.nodes.WholeNumbers;
import dev.flightdeck.app.nodes.PodFacts;
import dev.flightdeck.app.nodes.Rfc3339;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Projects Pod JSON into {@link PodFacts}, keeping only the labels and annotations
 * the console reads (gang identity, rank, mirror, checkpoints). At 100k pods every
 * field kept costs megabytes, so the lists below are deliberately short.
 */
public final class PodProjector implements Projector<PodFacts> {

    private static final ObjectReader READER = KubeJson.MAPPER.readerFor(WireDtos.Pod.class);

    /** Label key prefixes of the gang systems in conventions §3, plus Kueue and the job controller. */
    static final List<String> KEPT_LABEL_PREFIXES = List.of(
            "batch.kubernetes.io/", "job-name", "training.kubeflow.org/", "jobset.sigs.k8s.io/",
            "leaderworkerset.sigs.k8s.io/", "volcano.sh/", "scheduling.x-k8s.io/", "kueue.x-k8s.io/");

    static final List<String> KEPT_ANNOTATION_PREFIXES = List.of(
            "kubernetes.io/config.mirror", "scheduling.k8s.io/group-name", "scheduling.volcano.sh/",
            "volcano.sh/", "batch.kubernetes.io/job-completion-index", "flightdeck.dev/");

    private static final String JOB_NAME = "batch.kubernetes.io/job-name";
    private static final String LEGACY_JOB_NAME = "job-name";
    private static final String JOB_UID = "batch.kubernetes.io/controller-uid";
    private static final String LEGACY_JOB_UID = "controller-uid";
    private static final String COMPLETION_INDEX = "batch.kubernetes.io/job-completion-index";

    private final Interner interner = new Interner();
    private final RecentInstants instants = new RecentInstants();

    @Override
    public Projected<PodFacts> read(JsonParser parser) throws IOException {
        WireDtos.Pod p = READER.readValue(parser);
        return new Projected<>(toFacts(p), p.metadata() == null ? null : p.metadata().resourceVersion());
    }

    public static PodFacts parse(byte[] json) throws IOException {
        return new PodProjector().toFacts(READER.readValue(json));
    }

    PodFacts toFacts(WireDtos.Pod p) throws BadObject {
        WireDtos.Meta m = p.metadata();
        if (m == null) {
            throw new BadObject("a pod without metadata");
        }
        String name = BadObject.required(m.name(), "pod", "metadata.name");
        BadObject.required(m.namespace(), "pod " + name + " (a pod)", "metadata.namespace");
        WireDtos.PodSpec spec = p.spec() == null ? new WireDtos.PodSpec(null, null, null) : p.spec();
        WireDtos.PodStatus st = p.status() == null ? new WireDtos.PodStatus(null, null, null, null, null) : p.status();
        WireDtos.OwnerRef owner = controller(m.ownerReferences());
        int restarts = 0;
        boolean ready = false;
        if (st.containerStatuses() != null) {
            for (WireDtos.ContainerStatus cs : st.containerStatuses()) {
                restarts += cs.restartCount() == null ? 0 : cs.restartCount();
            }
        }
        if (st.conditions() != null) {
            for (WireDtos.ConditionDto c : st.conditions()) {
                if ("Ready".equals(c.type())) {
                    ready = "True".equals(c.status());
                }
            }
        }
        Map<String, String> labels = gangLabels(m.labels());
        return new PodFacts(
                interner.intern(m.namespace()), m.name(), m.uid(), interner.intern(spec.nodeName()),
                interner.intern(st.phase()), ready, restarts, gpuRequest(m, spec),
                owner == null ? null : interner.intern(owner.kind()),
                owner == null ? null : interner.intern(owner.name()),
                labels, withoutRepeats(keep(m.annotations(), KEPT_ANNOTATION_PREFIXES), labels),
                instants.share(Rfc3339.parseOrNull(m.creationTimestamp())), reason(st), hasEmptyDir(spec),
                m.deletionTimestamp() != null);
    }

    /**
     * Labels the gang adapters read, without the ones that only repeat another: the Job
     * controller writes its name and uid under two spellings each, and the uid is no key
     * to any gang. At 100k pods each kept entry costs about 8 bytes a pod.
     */
    private Map<String, String> gangLabels(Map<String, String> all) {
        Map<String, String> kept = keep(all, KEPT_LABEL_PREFIXES);
        boolean uid = kept.containsKey(JOB_UID) || kept.containsKey(LEGACY_JOB_UID);
        boolean legacyName = kept.containsKey(LEGACY_JOB_NAME) && kept.get(LEGACY_JOB_NAME).equals(kept.get(JOB_NAME));
        if (!uid && !legacyName) {
            return kept;
        }
        Map<String, String> fewer = new HashMap<>(kept);
        fewer.remove(JOB_UID);
        fewer.remove(LEGACY_JOB_UID);
        if (legacyName) {
            fewer.remove(LEGACY_JOB_NAME);
        }
        return Map.copyOf(fewer);
    }

    /** Annotations that say what a label already says (the Job controller sets the index as both). */
    private static Map<String, String> withoutRepeats(Map<String, String> annotations, Map<String, String> labels) {
        String index = annotations.get(COMPLETION_INDEX);
        if (index == null || !index.equals(labels.get(COMPLETION_INDEX))) {
            return annotations;
        }
        if (annotations.size() == 1) {
            return Map.of();
        }
        Map<String, String> fewer = new HashMap<>(annotations);
        fewer.remove(COMPLETION_INDEX);
        return Map.copyOf(fewer);
    }

    private static WireDtos.OwnerRef controller(List<WireDtos.OwnerRef> refs) {
        if (refs == null) {
            return null;
        }
        for (WireDtos.OwnerRef r : refs) {
            if (Boolean.TRUE.equals(r.controller())) {
                return r;
            }
        }
        return null;
    }

    private static int gpuRequest(WireDtos.Meta m, WireDtos.PodSpec spec) throws BadObject {
        int total = 0;
        if (spec.containers() != null) {
            for (WireDtos.Container c : spec.containers()) {
                if (c.resources() == null) {
                    continue;
                }
                // Extended resources must have requests == limits; either may be the one written.
                String q = c.resources().limits() == null ? null : c.resources().limits().get(GpuLabels.GPU_RESOURCE);
                if (q == null && c.resources().requests() != null) {
                    q = c.resources().requests().get(GpuLabels.GPU_RESOURCE);
                }
                if (q == null) {
                    continue;
                }
                int n = WholeNumbers.parseOrMinusOne(q);
                if (n < 0) {
                    throw new BadObject("pod " + m.namespace() + "/" + m.name() + ": container " + c.name() + " asks for "
                            + GpuLabels.GPU_RESOURCE + " " + Shown.quoted(q) + ", not a whole number of GPUs");
                }
                total += n;
            }
        }
        return total;
    }

    private static boolean hasEmptyDir(WireDtos.PodSpec spec) {
        if (spec.volumes() == null) {
            return false;
        }
        for (WireDtos.Volume v : spec.volumes()) {
            if (v.emptyDir() != null) {
                return true;
            }
        }
        return false;
    }

    /** The most useful single sentence on why a pod is not running well, or null. */
    private static String reason(WireDtos.PodStatus st) {
        if (st.containerStatuses() != null) {
            for (WireDtos.ContainerStatus cs : st.containerStatuses()) {
                if (cs.state() == null) {
                    continue;
                }
                WireDtos.StateDetail w = cs.state().waiting();
                if (w != null && w.reason() != null && !"ContainerCreating".equals(w.reason())) {
                    return w.message() == null ? w.reason() : w.reason() + ": " + w.message();
                }
                WireDtos.StateDetail t = cs.state().terminated();
                if (t != null && t.exitCode() != null && t.exitCode() != 0) {
                    String msg = t.message() == null || t.message().isBlank() ? ""
                            : ": " + t.message().strip().lines().findFirst().orElse("");
                    return (t.reason() == null ? "Terminated" : t.reason()) + " (exit " + t.exitCode() + ")"
                            + (msg.length() > 200 ? msg.substring(0, 200) + "…" : msg);
                }
            }
        }
        if (st.reason() != null) {
            return st.message() == null ? st.reason() : st.reason() + ": " + st.message();
        }
        if (st.conditions() != null) {
            for (WireDtos.ConditionDto c : st.conditions()) {
                if ("PodScheduled".equals(c.type()) && "False".equals(c.status())) {
                    return c.message() == null ? c.reason() : c.message();
                }
            }
        }
        return null;
    }

    private Map<String, String> keep(Map<String, String> all, List<String> prefixes) {
        if (all == null || all.isEmpty()) {
            return Map.of();
        }
        Map<String, String> kept = null;
        for (Map.Entry<String, String> e : all.entrySet()) {
            if (e.getValue() == null) {
                continue; // a server never sends one; a hostile one's null is dropped, not a crash
            }
            for (String prefix : prefixes) {
                if (e.getKey().startsWith(prefix)) {
                    if (kept == null) {
                        kept = new HashMap<>();
                    }
                    kept.put(interner.intern(e.getKey()), interner.intern(e.getValue()));
                    break;
                }
            }
        }
        return kept == null ? Map.of() : Map.copyOf(kept);
    }
}
