package dev.flightdeck.app.telemetry.exporter;

import dev.flightdeck.app.kube.ApiPath;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.kube.KubeRest;
import dev.flightdeck.app.kube.PodObject;
import dev.flightdeck.app.pressure.Exposition;
import dev.flightdeck.app.pressure.ExpositionParser;
import dev.flightdeck.app.pressure.FamilyFilter;
import dev.flightdeck.app.pressure.MalformedResponseException;
import dev.flightdeck.app.telemetry.DcgmField;

import java.io.IOException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Scrapes one dcgm-exporter through the API server's pod proxy ({@code pods/NAME:9400/proxy/metrics}) and parses it
 * with the console's exposition parser, keeping only the {@link DcgmField} families (an exporter serves more than the
 * console reads; the rest are checked and dropped). The body (~60 KB for eight GPUs) is read whole, as the log reads
 * are: many streamed answers at once were seen dropped mid-body by the client's connection pool, and 8 in flight hold
 * under half a megabyte. A failure is the exporter's problem in one line, never an exception: one exporter that does
 * not answer must not stop the others.
 */
final class ExporterScraper {

    /** dcgm-exporter's port (its DaemonSet's {@code metrics} port, in the GPU Operator and in its Helm chart). */
    static final int PORT = 9400;

    static final FamilyFilter FAMILIES = FamilyFilter.only(Arrays.stream(DcgmField.values()).map(DcgmField::metric)
            .collect(Collectors.toSet()));

    /** One exporter's answer: its families, or in one line why it gave none; the body's bytes either way. */
    record Scrape(PodObject exporter, Exposition exposition, String failure, long bytes) {
        boolean answered() {
            return exposition != null;
        }
    }

    private ExporterScraper() {
    }

    static Scrape scrape(KubeRest rest, PodObject exporter) {
        ApiPath path = ApiResource.PODS.path().in(exporter.namespace()).named(exporter.name()).proxy(PORT, "/metrics");
        KubeRest.Answer answer;
        try {
            answer = rest.getText(path);
        } catch (IOException e) {
            return new Scrape(exporter, null, e.getMessage(), 0);
        }
        byte[] body = answer.body() == null ? new byte[0] : answer.body();
        if (!answer.ok()) {
            return new Scrape(exporter, null, answer.message(), body.length);
        }
        try {
            return new Scrape(exporter, ExpositionParser.parse(body, FAMILIES), null, body.length);
        } catch (MalformedResponseException e) {
            return new Scrape(exporter, null, "its metrics could not be read (" + e.getMessage() + ")", body.length);
        }
    }
}
