package dev.flightdeck.app.diagnose.logs;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangPodSelector;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectList;
import dev.flightdeck.app.kube.PodObject;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A gang's pods as the server has them now, with their containers' states (how and when each last ended, which
 * the cluster model does not keep): one LIST by the gang's label where its system has one, paged, only the gang's
 * pods kept; the namespace's pods, paged, for those it did not find (older clusters' Jobs, pod groups).
 */
public final class GangPods {

    private static final int PAGE = 500;
    private static final TypeReference<ObjectList<PodObject>> PODS = new TypeReference<>() { };

    private GangPods() {
    }

    /** The gang's pods by name; a rank whose pod is gone has none. */
    public static Map<String, PodObject> read(KubeRest rest, Gang gang) throws IOException {
        Set<String> wanted = new HashSet<>();
        for (RankSlot r : gang.ranks()) {
            if (r.pod() != null) {
                wanted.add(r.pod());
            }
        }
        Map<String, PodObject> found = new HashMap<>();
        String ns = gang.key().namespace();
        var selector = GangPodSelector.of(gang.key());
        if (selector.isPresent()) {
            list(rest, ApiResource.PODS.path().in(ns).param("labelSelector", selector.get()), wanted, found);
        }
        if (found.size() < wanted.size()) {
            list(rest, ApiResource.PODS.path().in(ns), wanted, found);
        }
        return found;
    }

    private static void list(KubeRest rest, ApiPath path, Set<String> wanted, Map<String, PodObject> found) throws IOException {
        String next = "";
        do {
            ApiPath page = path.param("limit", PAGE);
            if (!next.isEmpty()) {
                page = page.param("continue", next);
            }
            KubeRest.Answer a = rest.get(page);
            if (!a.ok()) {
                throw new IOException("cannot list the pods of the gang: " + a.message());
            }
            ObjectList<PodObject> list = a.as(PODS);
            for (PodObject p : list.items()) {
                if (wanted.contains(p.name())) {
                    found.put(p.name(), p);
                }
            }
            next = list.metadata()._continue();
        } while (!next.isEmpty() && found.size() < wanted.size());
    }
}
