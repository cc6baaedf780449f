package dev.flightdeck.sandbox.metrics;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The series set of a real kube-apiserver v1.32.13 {@code /metrics} answer, captured
 * unedited (see the README beside the resource), read as a template: each family's
 * HELP and TYPE lines, and each sample's name, raw label text and value text.
 * A plain line splitter is enough because the capture is well-formed; labels are
 * kept as the server escaped them, never unescaped.
 */
final class MetricsTemplate {

    static final String RESOURCE = "apiserver-metrics-1.32.txt.gz";

    /** One metric family as the capture printed it. */
    record Family(String name, String type, String helpLine, String typeLine, List<Sample> samples) {
    }

    /** One sample line: {@code labels} is the text between the braces, empty when there are none. */
    record Sample(String name, String labels, String value) {
    }

    private MetricsTemplate() {
    }

    static List<Family> load() {
        try (InputStream raw = MetricsTemplate.class.getResourceAsStream(RESOURCE)) {
            if (raw == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return parse(new BufferedReader(new InputStreamReader(new GZIPInputStream(raw), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    static List<Family> parse(BufferedReader in) throws IOException {
        List<Family> families = new ArrayList<>();
        String help = null;
        String typeLine = null;
        List<Sample> samples = null;
        String line;
        while ((line = in.readLine()) != null) {
            if (line.startsWith("# HELP ")) {
                help = line;
            } else if (line.startsWith("# TYPE ")) {
                typeLine = line;
                String[] parts = line.split(" ");
                samples = new ArrayList<>();
                families.add(new Family(parts[2], parts[3], help, typeLine, samples));
            } else if (!line.isEmpty() && !line.startsWith("#")) {
                if (samples == null) {
                    throw new IOException("sample before any TYPE line: " + line);
                }
                samples.add(sample(line));
            }
        }
        return families;
    }

    private static Sample sample(String line) {
        int space = line.lastIndexOf(' ');
        int brace = line.indexOf('{');
        if (brace < 0 || brace > space) {
            return new Sample(line.substring(0, space), "", line.substring(space + 1));
        }
        int close = line.lastIndexOf('}', space);
        return new Sample(line.substring(0, brace), line.substring(brace + 1, close), line.substring(space + 1));
    }
}
