package dev.flightdeck.app.controlplane;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where the real control plane's binaries are: the {@code flightdeck.kube.assets} system property,
 * else {@code KUBEBUILDER_ASSETS} (the envtest convention: one directory holding
 * {@code kube-apiserver}, {@code kube-controller-manager}, {@code kube-scheduler} and {@code etcd}).
 * etcd may also come from the PATH (Debian's {@code etcd-server} puts it in /usr/bin).
 *
 * <p>When they are missing, the lane is skipped with one line saying what to install — unless
 * {@code FLIGHTDECK_REQUIRE_KUBE} is set (CI sets it), where a missing binary fails the run.
 */
record KubeAssets(Path apiserver, Path controllerManager, Path scheduler, Path etcd) {

    static final String PROPERTY = "flightdeck.kube.assets";
    static final String ENV = "KUBEBUILDER_ASSETS";
    static final String REQUIRED_ENV = "FLIGHTDECK_REQUIRE_KUBE";

    static final String HOW_TO_INSTALL = "install etcd (apt-get install etcd-server) and kube-apiserver, "
            + "kube-controller-manager, kube-scheduler v1.32 into one directory, then set KUBEBUILDER_ASSETS to it "
            + "(with the repository beside ../shared: assets/bin/kube-assets does both)";

    /** The binaries, or the reason they cannot be used (in one line). */
    sealed interface Found permits Found.Ready, Found.Missing {
        record Ready(KubeAssets assets) implements Found {
        }

        record Missing(String why) implements Found {
        }
    }

    static boolean required(Map<String, String> env) {
        String v = env.get(REQUIRED_ENV);
        return v != null && !v.isBlank() && !v.equals("0") && !v.equalsIgnoreCase("false");
    }

    static Found locate(String property, Map<String, String> env) {
        String dirName = property != null && !property.isBlank() ? property : env.get(ENV);
        String source = property != null && !property.isBlank() ? "-D" + PROPERTY : ENV;
        if (dirName == null || dirName.isBlank()) {
            return new Found.Missing("neither " + ENV + " nor -D" + PROPERTY
                    + " is set; " + HOW_TO_INSTALL);
        }
        Path dir = Path.of(dirName);
        List<String> missing = new ArrayList<>();
        Path apiserver = executable(dir, "kube-apiserver", missing);
        Path cm = executable(dir, "kube-controller-manager", missing);
        Path scheduler = executable(dir, "kube-scheduler", missing);
        Path etcd = Files.isExecutable(dir.resolve("etcd")) ? dir.resolve("etcd") : onPath("etcd", env);
        if (etcd == null) {
            missing.add("etcd");
        }
        if (!missing.isEmpty()) {
            return new Found.Missing(String.join(", ", missing) + " not found in "
                    + dir + " (from " + source + ")" + (missing.contains("etcd") ? " nor etcd on the PATH" : "") + "; "
                    + HOW_TO_INSTALL);
        }
        return new Found.Ready(new KubeAssets(apiserver, cm, scheduler, etcd));
    }

    private static Path executable(Path dir, String name, List<String> missing) {
        Path p = dir.resolve(name);
        if (!Files.isExecutable(p)) {
            missing.add(name);
        }
        return p;
    }

    private static Path onPath(String name, Map<String, String> env) {
        String path = env.getOrDefault("PATH", "");
        for (String d : path.split(java.io.File.pathSeparator)) {
            if (!d.isBlank() && Files.isExecutable(Path.of(d, name))) {
                return Path.of(d, name);
            }
        }
        return null;
    }
}
