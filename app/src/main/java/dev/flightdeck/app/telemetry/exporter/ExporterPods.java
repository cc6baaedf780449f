package dev.flightdeck.app.telemetry.exporter;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.ObjectList;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.telemetry.TelemetryUnavailable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds a cluster's dcgm-exporter pods (conventions, "GPU telemetry"): the pods of a DaemonSet labelled as the GPU
 * Operator labels its exporter, in any namespace, else as the exporter's own Helm chart does. One label-selected LIST
 * per label (paged), never one per node.
 */
final class ExporterPods {

    /** The GPU Operator's exporter, then the dcgm-exporter Helm chart's. */
    static final List<String> SELECTORS = List.of("app=nvidia-dcgm-exporter", "app.kubernetes.io/name=dcgm-exporter");

    private static final int PAGE = 500;
    private static final TypeReference<ObjectList<PodObject>> PODS = new TypeReference<>() { };

    /** The exporters found, by which label, and the requests the search took. */
    record Found(String selector, List<PodObject> pods, int requests) {

        List<PodObject> running() {
            return pods.stream().filter(ExporterPods::scrapable).toList();
        }

        List<PodObject> notRunning() {
            return pods.stream().filter(p -> !scrapable(p)).toList();
        }

        /** The namespaces they run in, for the source's description ("gpu-operator"). */
        String namespaces() {
            return String.join(", ", pods.stream().map(PodObject::namespace).distinct().sorted().toList());
        }
    }

    private ExporterPods() {
    }

    /**
     * @throws TelemetryUnavailable when the LIST fails, or no exporter pod carries either label (saying which were
     *                              looked for)
     */
    static Found find(KubeRest rest) throws TelemetryUnavailable {
        int requests = 0;
        for (String selector : SELECTORS) {
            List<PodObject> pods = new ArrayList<>();
            requests += list(rest, selector, pods);
            if (!pods.isEmpty()) {
                return new Found(selector, List.copyOf(pods), requests);
            }
        }
        throw new TelemetryUnavailable("no dcgm-exporter pods found: looked for DaemonSet pods labelled " + SELECTORS.get(0)
                + " (GPU Operator) or " + SELECTORS.get(1) + " (its Helm chart) in every namespace");
    }

    /** Lists the pods {@code selector} picks across namespaces, keeping a DaemonSet's; returns the requests made. */
    private static int list(KubeRest rest, String selector, List<PodObject> into) throws TelemetryUnavailable {
        ApiPath path = ApiResource.PODS.path().param("labelSelector", selector);
        String next = "";
        int requests = 0;
        do {
            ApiPath page = path.param("limit", PAGE);
            if (!next.isEmpty()) {
                page = page.param("continue", next);
            }
            ObjectList<PodObject> list;
            try {
                KubeRest.Answer a = rest.get(page);
                requests++;
                if (!a.ok()) {
                    throw new TelemetryUnavailable("cannot list the dcgm-exporter pods (" + selector + "): " + a.message());
                }
                list = a.as(PODS);
            } catch (IOException e) {
                throw new TelemetryUnavailable("cannot list the dcgm-exporter pods (" + selector + "): " + e.getMessage(), e);
            }
            for (PodObject p : list.items()) {
                if (p.metadata().controller().map(o -> "DaemonSet".equals(o.kind())).orElse(false)) {
                    into.add(p);
                }
            }
            next = list.metadata()._continue();
        } while (!next.isEmpty());
        return requests;
    }

    /** Running on a node: the proxy can reach it. */
    static boolean scrapable(PodObject p) {
        return "Running".equals(p.status().phase()) && p.spec().nodeName() != null && p.metadata().deletionTimestamp() == null;
    }
}
