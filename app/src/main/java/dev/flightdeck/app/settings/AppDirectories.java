package dev.flightdeck.app.settings;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the console keeps its files, by each OS's convention: settings in the configuration
 * directory, the action journal in the data directory. {@code FLIGHTDECK_HOME} (or the system
 * property {@code flightdeck.home}) puts both under one directory, for portable installs and tests.
 */
public record AppDirectories(Path config, Path data) {

    public static AppDirectories standard() {
        return of(System.getProperty("flightdeck.home"), System.getenv(), System.getProperty("os.name", ""),
                Path.of(System.getProperty("user.home")));
    }

    static AppDirectories of(String homeProperty, Map<String, String> env, String osName, Path userHome) {
        String home = homeProperty != null ? homeProperty : env.get("FLIGHTDECK_HOME");
        if (home != null && !home.isBlank()) {
            Path h = Path.of(home);
            return new AppDirectories(h.resolve("config"), h.resolve("data"));
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("mac")) {
            Path support = userHome.resolve("Library/Application Support/Flightdeck");
            return new AppDirectories(support, support);
        }
        if (os.startsWith("windows")) {
            Path roaming = env.containsKey("APPDATA") ? Path.of(env.get("APPDATA")) : userHome.resolve("AppData/Roaming");
            Path local = env.containsKey("LOCALAPPDATA") ? Path.of(env.get("LOCALAPPDATA")) : userHome.resolve("AppData/Local");
            return new AppDirectories(roaming.resolve("Flightdeck"), local.resolve("Flightdeck"));
        }
        Path config = xdg(env, "XDG_CONFIG_HOME", userHome.resolve(".config"));
        Path data = xdg(env, "XDG_DATA_HOME", userHome.resolve(".local/share"));
        return new AppDirectories(config.resolve("flightdeck"), data.resolve("flightdeck"));
    }

    /** XDG says a relative value is invalid and must be ignored. */
    private static Path xdg(Map<String, String> env, String name, Path fallback) {
        String v = env.get(name);
        return v != null && !v.isBlank() && Path.of(v).isAbsolute() ? Path.of(v) : fallback;
    }

    public Path settingsFile() {
        return config.resolve("settings.json");
    }

    /** The window's layout, which the console writes for itself (settings.json is the person's). */
    public Path windowFile() {
        return config.resolve("window.json");
    }
}
