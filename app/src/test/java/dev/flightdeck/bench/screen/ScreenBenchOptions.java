package dev.flightdeck.bench.screen;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark's options (system properties): -Dnodes=7500 -Dpods=100000 -Dchurn=60 (seconds) -DnodeRate=500
 * -DpodRate=500 -Dgc=g1|zgc -Dheap=2g -Djfr=true -Dreuse=DIR (a kept etcd) -Dconnections=12 (seeding)
 * -DchurnConnections=16 -DliveTimeout=600 (seconds) -Dimage=DIR (the app image) -Djavafx.mods=DIR (for -Djfr).
 */
record ScreenBenchOptions(int nodes, int pods, int churnSeconds, int nodeRate, int podRate, String gc, String heap,
                          boolean jfr, Path reuse, int connections, int churnConnections, int liveTimeoutSeconds,
                          Path image, Path javafxMods) {

    static ScreenBenchOptions fromSystemProperties() {
        String gc = System.getProperty("gc", "").trim().toLowerCase(java.util.Locale.ROOT);
        if (!gc.isEmpty() && !gc.equals("g1") && !gc.equals("zgc")) {
            throw new IllegalArgumentException("-Dgc is g1 or zgc, not " + gc);
        }
        String reuse = System.getProperty("reuse", "").trim();
        Path root = Path.of(System.getProperty("repo", "..")).toAbsolutePath().normalize();
        return new ScreenBenchOptions(Integer.getInteger("nodes", 7_500), Integer.getInteger("pods", 100_000),
                Integer.getInteger("churn", 60), Integer.getInteger("nodeRate", 500), Integer.getInteger("podRate", 500),
                gc, System.getProperty("heap", "").trim(), Boolean.getBoolean("jfr"),
                reuse.isEmpty() ? null : Path.of(reuse).toAbsolutePath(), Integer.getInteger("connections", 12),
                Integer.getInteger("churnConnections", 16), Integer.getInteger("liveTimeout", 600),
                Path.of(System.getProperty("image", root.resolve("jlink/target/image/flightdeck").toString())),
                Path.of(System.getProperty("javafx.mods", root.resolve("jlink/target/javafx-mods").toString())));
    }

    /** The JVM options the console gets through JAVA_TOOL_OPTIONS (the launcher reads no JDK_JAVA_OPTIONS). */
    String javaToolOptions(Path jfrFile) {
        List<String> o = new ArrayList<>(List.of("-Dprism.order=sw", "-Djavafx.pulseLogger=true",
                "-Djavafx.pulseLogger.threshold=0"));
        if (gc.equals("g1")) {
            o.add("-XX:+UseG1GC");
        } else if (gc.equals("zgc")) {
            o.add("-XX:+UseZGC"); // generational on JDK 25, the only ZGC there is
        }
        if (!heap.isEmpty()) {
            o.add("-Xmx" + heap);
        }
        if (jfr) {
            o.add("-XX:StartFlightRecording=name=screen,settings=profile,filename=" + jfrFile);
        }
        return String.join(" ", o);
    }

    String describe() {
        return String.format("%,d nodes, %,d pods; churn %d s at %d node + %d pod status updates/s; gc %s, heap %s%s%s",
                nodes, pods, churnSeconds, nodeRate, podRate, gc.isEmpty() ? "the image's" : gc,
                heap.isEmpty() ? "the image's" : heap, jfr ? ", JFR" : "", reuse == null ? "" : ", etcd kept in " + reuse);
    }
}
