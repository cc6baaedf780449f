package dev.flightdeck.sandbox;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a sandbox node's dcgm-exporter through the API server's pod proxy, read by the tests' own small
 * reader (not the console's parser): the samples of each series, their labels in the order written.
 */
record ExporterScrape(int status, String body, Map<String, List<Sample>> series, List<String> help, List<String> types) {

    record Sample(Map<String, String> labels, double value) {
        String label(String name) {
            return labels.getOrDefault(name, "");
        }
    }

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Pattern LINE = Pattern.compile("^([A-Za-z_:][A-Za-z0-9_:]*)\\{(.*)} (\\S+)$");
    private static final Pattern LABEL = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=\"([^\"]*)\"");

    /** The exporter pod on {@code node}. */
    static String exporterOn(SandboxCluster sandbox, String node) {
        String pod = sandbox.store().findPodName("gpu-operator", SandboxDcgmExporter.DAEMON_SET, node);
        if (pod == null) {
            throw new AssertionError("no exporter pod on " + node);
        }
        return pod;
    }

    /** {@code GET /api/v1/namespaces/gpu-operator/pods/TARGET/proxy/PATH}. */
    static ExporterScrape get(SandboxCluster sandbox, String target, String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.url()
                + "/api/v1/namespaces/gpu-operator/pods/" + target + "/proxy" + path)).build(), HttpResponse.BodyHandlers.ofString());
        Map<String, List<Sample>> series = new LinkedHashMap<>();
        List<String> help = new ArrayList<>();
        List<String> types = new ArrayList<>();
        if (r.statusCode() == 200) {
            for (String line : r.body().split("\n")) {
                if (line.startsWith("# HELP ")) {
                    help.add(line.split(" ")[2]);
                } else if (line.startsWith("# TYPE ")) {
                    types.add(line.split(" ")[2]);
                } else if (!line.isBlank()) {
                    Matcher m = LINE.matcher(line);
                    if (!m.matches()) {
                        throw new AssertionError("not a sample line: " + line);
                    }
                    Map<String, String> labels = new LinkedHashMap<>();
                    Matcher l = LABEL.matcher(m.group(2));
                    while (l.find()) {
                        labels.put(l.group(1), l.group(2));
                    }
                    series.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(new Sample(labels, Double.parseDouble(m.group(3))));
                }
            }
        }
        return new ExporterScrape(r.statusCode(), r.body(), series, help, types);
    }

    /** The node's exporter's metrics, as a console with no Prometheus reads them. */
    static ExporterScrape metrics(SandboxCluster sandbox, String node) throws Exception {
        return get(sandbox, exporterOn(sandbox, node) + ":9400", "/metrics");
    }

    /** The value of {@code metric} for GPU {@code gpu}. */
    double value(String metric, int gpu) {
        return sample(metric, gpu).value();
    }

    Sample sample(String metric, int gpu) {
        return series.getOrDefault(metric, List.of()).stream().filter(s -> s.label("gpu").equals(Integer.toString(gpu)))
                .findFirst().orElseThrow(() -> new AssertionError("no " + metric + " for GPU " + gpu + " in:\n" + body));
    }
}
