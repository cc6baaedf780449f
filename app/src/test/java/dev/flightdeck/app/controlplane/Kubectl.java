package dev.flightdeck.app.controlplane;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** kubectl as a second opinion on what the API server holds, where it is installed (CI's machines need not have it). */
public final class Kubectl {

    private Kubectl() {
    }

    /** kubectl on the PATH, or null. */
    public static String onPath() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isBlank() && Files.isExecutable(Path.of(d, "kubectl"))) {
                return Path.of(d, "kubectl").toString();
            }
        }
        return null;
    }

    /** {@code kubectl --kubeconfig K -n NS ARGS…}'s output lines; a failed command fails the test with its output. */
    public static List<String> linesIn(String kubectl, Path kubeconfig, String namespace, String... args)
            throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of("-n", namespace));
        all.addAll(List.of(args));
        return lines(kubectl, kubeconfig, all.toArray(String[]::new));
    }

    /** {@code kubectl --kubeconfig K ARGS…}'s output lines; a failed command fails the test with its output. */
    public static List<String> lines(String kubectl, Path kubeconfig, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(kubectl, "--kubeconfig", kubeconfig.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        pb.environment().put("HOME", Files.createTempDirectory("kubectl-home").toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", cmd) + " failed: " + out);
        }
        return out.lines().filter(l -> !l.isBlank()).toList();
    }
}
