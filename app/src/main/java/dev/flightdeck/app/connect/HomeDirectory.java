package dev.flightdeck.app.connect;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The home directory kubectl uses for {@code ~/.kube/config}: client-go's {@code util/homedir}
 * rule, read from the environment, not Java's {@code user.home} (which ignores {@code HOME} set
 * by {@code sudo -E}, a container or CI, and so sent the console to the sandbox where kubectl
 * connects).
 *
 * <ul>
 *   <li>Not Windows: {@code $HOME}, even empty — then {@code .kube/config} is relative to the
 *       working directory, as with kubectl.</li>
 *   <li>Windows: the first of %HOME%, %HOMEDRIVE%%HOMEPATH%, %USERPROFILE% holding
 *       {@code .kube\config}; else the first of %HOME%, %USERPROFILE%, %HOMEDRIVE%%HOMEPATH% that
 *       is an existing directory (client-go also asks that it be writable; a Java check of that
 *       would be no truer), else the first that exists, else the first that is set.</li>
 * </ul>
 */
public final class HomeDirectory {

    private HomeDirectory() {
    }

    /** For this process's OS. */
    public static Path of(Map<String, String> env) {
        return of(env, System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows"),
                Files::exists, Files::isDirectory);
    }

    static Path of(Map<String, String> env, boolean windows, Predicate<Path> exists, Predicate<Path> isDirectory) {
        String home = env.getOrDefault("HOME", "");
        if (!windows) {
            return Path.of(home);
        }
        String drive = env.getOrDefault("HOMEDRIVE", "");
        String path = env.getOrDefault("HOMEPATH", "");
        String driveAndPath = !drive.isEmpty() && !path.isEmpty() ? drive + path : "";
        String profile = env.getOrDefault("USERPROFILE", "");
        for (String p : List.of(home, driveAndPath, profile)) {
            if (!p.isEmpty() && exists.test(Path.of(p, ".kube", "config"))) {
                return Path.of(p);
            }
        }
        List<String> preferred = new ArrayList<>();
        for (String p : List.of(home, profile, driveAndPath)) {
            if (!p.isEmpty()) {
                preferred.add(p);
            }
        }
        for (String p : preferred) {
            if (isDirectory.test(Path.of(p))) {
                return Path.of(p);
            }
        }
        for (String p : preferred) {
            if (exists.test(Path.of(p))) {
                return Path.of(p);
            }
        }
        return Path.of(preferred.isEmpty() ? "" : preferred.getFirst());
    }
}
