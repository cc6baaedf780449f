package dev.flightdeck.drills;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The drills a user can pick: the scenarios bundled with Flightdeck, then the user's own
 * ({@code drills/*.yaml} in the config directory). A user file with an error is listed as
 * refused, with its file, line and column; it never hides the others.
 */
public final class ScenarioCatalog {

    private static final String BUNDLED = "/dev/flightdeck/drills/scenarios/";

    /** A scenario file and what reading it gave: the scenario, or why it is refused. */
    public record Entry(String source, Scenario scenario, ScenarioError error) {
        public boolean ok() {
            return scenario != null;
        }
    }

    private ScenarioCatalog() {
    }

    /** The bundled scenarios, warm-ups first; a bundled file that does not parse is a build error. */
    public static List<Scenario> bundled() {
        List<Scenario> out = new ArrayList<>();
        for (String name : read(BUNDLED + "index.txt").lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            try {
                out.add(ScenarioParser.parse("bundled:" + name, read(BUNDLED + name)));
            } catch (ScenarioError e) {
                throw new IllegalStateException("a bundled drill scenario is broken: " + e.getMessage(), e);
            }
        }
        out.sort(Comparator.comparing(Scenario::level).thenComparing(Scenario::id));
        return out;
    }

    /** Bundled, then every {@code *.yaml} in {@code userDir} (missing directory: none), by file name. */
    public static List<Entry> all(Path userDir) {
        List<Entry> out = new ArrayList<>();
        bundled().forEach(s -> out.add(new Entry("bundled", s, null)));
        if (userDir == null || !Files.isDirectory(userDir)) {
            return out;
        }
        try (Stream<Path> files = Files.list(userDir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".yaml")).sorted().toList()) {
                out.add(load(f));
            }
        } catch (IOException e) {
            out.add(new Entry(userDir.toString(), null, new ScenarioError(userDir.toString(), 1, 1,
                    "cannot list the directory: " + e.getMessage())));
        }
        return out;
    }

    /**
     * The scenario {@code name} names: a bundled id, the id of one of the user's files, or a file path.
     * An unknown name is an entry whose error lists what there is.
     */
    public static Entry find(String name, Path userDir) {
        Path asFile = Path.of(name);
        if (name.endsWith(".yaml") || name.endsWith(".yml") || Files.isRegularFile(asFile)) {
            return load(asFile);
        }
        List<Entry> all = all(userDir);
        for (Entry e : all) {
            if (e.ok() && e.scenario().id().equals(name)) {
                return e;
            }
        }
        return new Entry(name, null, new ScenarioError(name, 1, 1, "no scenario '" + name + "': there are "
                + all.stream().filter(Entry::ok).map(e -> e.scenario().id()).toList()
                + " (bundled, then yours in " + userDir + "), or give a file"));
    }

    /** One user file, read and checked. */
    public static Entry load(Path file) {
        try {
            return new Entry(file.toString(), ScenarioParser.parse(file.toString(),
                    Files.readString(file, StandardCharsets.UTF_8)), null);
        } catch (ScenarioError e) {
            return new Entry(file.toString(), null, e);
        } catch (IOException e) {
            return new Entry(file.toString(), null, new ScenarioError(file.toString(), 1, 1,
                    "cannot read the file: " + e.getMessage()));
        }
    }

    private static String read(String resource) {
        try (InputStream in = ScenarioCatalog.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
