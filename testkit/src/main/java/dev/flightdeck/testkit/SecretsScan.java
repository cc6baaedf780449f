package dev.flightdeck.testkit;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * After the test run (Maven's verify phase): reads every secret the tests remembered
 * ({@link TestSecrets}) and searches what the run produced — the tests' logs and failure
 * messages (surefire reports), journals, exported timelines, drill reports and results — for
 * each. A hit fails the build and names the file, never the secret. Inputs the tests wrote on
 * purpose (kubeconfigs, token files, keys) are not outputs and are not searched.
 */
public final class SecretsScan {

    /** What Flightdeck writes: logs and reports (.txt, .log), journals and results (.jsonl), exports (.md, .html, .csv). */
    private static final List<String> OUTPUT_SUFFIXES = List.of(".txt", ".log", ".jsonl", ".md", ".html", ".csv", ".json");

    public record Result(int secrets, int files, long bytes, List<String> hits) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: SecretsScan SECRETS-DIR ROOT...");
        }
        List<Path> roots = Stream.of(args).skip(1).map(Path::of).toList();
        Result r = scan(Path.of(args[0]), roots);
        report(r, System.out);
        if (!r.hits().isEmpty()) {
            throw new IllegalStateException(r.hits().size() + " file(s) hold a secret the tests used; see above");
        }
    }

    static void report(Result r, PrintStream out) {
        out.println("flightdeck: secrets scan: " + r.secrets() + " secrets searched for in " + r.files() + " files ("
                + r.bytes() / 1024 + " KiB of logs, journals, exports and reports): " + r.hits().size() + " hits");
        r.hits().forEach(h -> out.println("flightdeck: SECRET LEAKED into " + h));
    }

    public static Result scan(Path secretsDir, List<Path> roots) throws IOException {
        List<byte[]> secrets = secrets(secretsDir);
        List<String> hits = new ArrayList<>();
        int files = 0;
        long bytes = 0;
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            List<Path> outputs;
            try (Stream<Path> all = Files.walk(root)) {
                outputs = all.filter(Files::isRegularFile).filter(p -> !p.startsWith(secretsDir)).filter(SecretsScan::isOutput)
                        .toList();
            }
            for (Path f : outputs) {
                byte[] content = Files.readAllBytes(f);
                files++;
                bytes += content.length;
                for (int i = 0; i < secrets.size(); i++) {
                    if (indexOf(content, secrets.get(i)) >= 0) {
                        hits.add(f + " (secret #" + (i + 1) + " of the registry)");
                    }
                }
            }
        }
        return new Result(secrets.size(), files, bytes, hits);
    }

    private static boolean isOutput(Path p) {
        String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return OUTPUT_SUFFIXES.stream().anyMatch(name::endsWith) && !name.equals("tokens.csv");
    }

    private static List<byte[]> secrets(Path dir) throws IOException {
        Set<String> all = new LinkedHashSet<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".secrets")).sorted().toList()) {
                    Files.readAllLines(f).stream().filter(l -> !l.isBlank()).forEach(all::add);
                }
            }
        }
        return all.stream().map(l -> Base64.getDecoder().decode(l.strip())).toList();
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    static String utf8(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }
}
