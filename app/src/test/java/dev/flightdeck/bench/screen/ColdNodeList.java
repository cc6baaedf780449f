package dev.flightdeck.bench.screen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The console's node LIST in a cold JVM of its own, no window, nothing else running ({@link FirstListProbe}), three
 * times: against the console's first LIST on the figure of record, it tells the reading's own cost from the time
 * lost to sharing two cores with the window, the API server and etcd.
 */
final class ColdNodeList {

    private static final Pattern LINE = Pattern.compile(
            "list (\\d+): first page (\\d+) ms, whole (\\d+) ms, (\\d+) nodes, (\\d+) bytes on the wire");
    private static final int RUNS = 3;

    record Result(List<Long> coldWholeMs, List<Long> coldFirstPageMs, List<Long> warmWholeMs, long wireBytes, String failure) {

        String describe() {
            if (failure != null) {
                return "not measured (" + failure + ")";
            }
            return String.format("first page %s ms, whole %s ms (cold JVM, %d runs); whole %s ms warm (its second LIST);"
                    + " %.1f MB on the wire", coldFirstPageMs, coldWholeMs, RUNS, warmWholeMs, wireBytes / 1e6);
        }
    }

    private ColdNodeList() {
    }

    /** Runs the probe on the benchmark's own class path and JDK (not the image: it holds no test classes). */
    static Result measure(Path kubeconfig) throws InterruptedException {
        List<Long> cold = new ArrayList<>();
        List<Long> firstPage = new ArrayList<>();
        List<Long> warm = new ArrayList<>();
        long wire = 0;
        for (int run = 0; run < RUNS; run++) {
            String out;
            try {
                Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp", System.getProperty("java.class.path"), FirstListProbe.class.getName(),
                        kubeconfig.toString(), "2").redirectErrorStream(true).start();
                if (!p.waitFor(300, TimeUnit.SECONDS)) {
                    Processes.stop(p);
                    return new Result(cold, firstPage, warm, wire, "the probe did not end within 300 s");
                }
                out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return new Result(cold, firstPage, warm, wire, "the probe did not start: " + e.getMessage());
            }
            Matcher m = LINE.matcher(out);
            int lines = 0;
            while (m.find()) {
                lines++;
                long whole = Long.parseLong(m.group(3));
                if (m.group(1).equals("0")) {
                    cold.add(whole);
                    firstPage.add(Long.parseLong(m.group(2)));
                    wire = Long.parseLong(m.group(5));
                } else {
                    warm.add(whole);
                }
            }
            if (lines < 2) {
                return new Result(cold, firstPage, warm, wire, "the probe said: "
                        + out.strip().lines().reduce((a, b) -> b).orElse("nothing"));
            }
        }
        return new Result(cold, firstPage, warm, wire, null);
    }
}
