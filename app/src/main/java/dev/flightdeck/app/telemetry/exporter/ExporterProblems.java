package dev.flightdeck.app.telemetry.exporter;

import dev.flightdeck.app.kube.PodObject;

import java.util.ArrayList;
import java.util.List;

/**
 * The problems of one read in words, one line each: how many exporters were not running or did not answer (their
 * nodes' GPUs are missing from the frame), and the first few by name with the reason. A few, not all: when a rack
 * goes down a hundred exporters fail the same way, and the count says that better than a hundred lines.
 */
final class ExporterProblems {

    /** Exporters named per kind of problem. */
    static final int NAMED = 3;

    private ExporterProblems() {
    }

    /**
     * @param notRunning exporter pods that could not be scraped (not Running, or on no node)
     * @param failed     scrapes that brought no metrics
     * @param scraped    how many were scraped
     */
    static List<String> lines(List<PodObject> notRunning, List<ExporterScraper.Scrape> failed, int scraped) {
        List<String> out = new ArrayList<>();
        if (!notRunning.isEmpty()) {
            out.add(count(notRunning.size(), notRunning.size() + scraped) + " not running: their nodes' GPUs are not in this frame");
            for (PodObject p : notRunning.subList(0, Math.min(NAMED, notRunning.size()))) {
                String phase = p.status().phase() == null ? "no phase yet" : p.status().phase();
                out.add(name(p) + ": " + (p.metadata().deletionTimestamp() != null ? "being deleted" : phase));
            }
        }
        if (!failed.isEmpty()) {
            out.add(count(failed.size(), scraped) + " did not answer: their nodes' GPUs are not in this frame");
            for (ExporterScraper.Scrape s : failed.subList(0, Math.min(NAMED, failed.size()))) {
                out.add(name(s.exporter()) + ": " + oneLine(s.failure()));
            }
        }
        return out;
    }

    private static String count(int some, int of) {
        return String.format(java.util.Locale.ROOT, "%,d of %,d dcgm-exporter pod%s", some, of, of == 1 ? "" : "s");
    }

    /** {@code gpu-operator/nvidia-dcgm-exporter-x7k2p on gpu-node-0050}. */
    private static String name(PodObject p) {
        String node = p.spec().nodeName();
        return p.namespace() + "/" + p.name() + (node == null ? "" : " on " + node);
    }

    private static String oneLine(String s) {
        String line = s == null || s.isBlank() ? "no reason given" : s.strip().replaceAll("\\s*\\R\\s*", " ");
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
