package dev.flightdeck.app.about;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Properties;

/**
 * Which Flightdeck this is, from one place: the Maven project version, the commit it was built
 * from and when it was built, written into the jar at build time. {@code --version}, the About
 * dialog, the user agent, the journal and drill reports all say it the same way.
 *
 * @param commit the abbreviated commit, with {@code +dirty} when built from uncommitted changes; "unknown" outside git
 */
public record BuildInfo(String version, String commit, String built) {

    private static final String RESOURCE = "build.properties";
    private static final BuildInfo CURRENT = read();

    public static BuildInfo current() {
        return CURRENT;
    }

    private static BuildInfo read() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // An unreadable resource is a build without its stamp: say "unknown", never fail to start.
        }
        String commit = usable(p.getProperty("commit"));
        if (!"unknown".equals(commit) && Boolean.parseBoolean(p.getProperty("dirty"))) {
            commit += "+dirty";
        }
        return new BuildInfo(usable(p.getProperty("version")), commit, usable(p.getProperty("built")));
    }

    /** A value Maven did not fill in (run from an IDE's classes, or outside git) is "unknown". */
    private static String usable(String v) {
        return v == null || v.isBlank() || v.startsWith("${") ? "unknown" : v.trim();
    }

    /** {@code Flightdeck 0.2.0 (commit 1a2b3c4, built 2026-11-25T03:40:12Z)}. */
    public String line() {
        return "Flightdeck " + version + " (commit " + commit + ", built " + built + ")";
    }

    /** {@code flightdeck/0.2.0+1a2b3c4}: the user agent's product token. */
    public String token(String client) {
        return client + "/" + version + ("unknown".equals(commit) ? "" : "+" + commit);
    }

    /** {@code Java 25.0.1+8-LTS (Eclipse Adoptium) on linux/amd64}. */
    public static String runtime() {
        return "Java " + System.getProperty("java.runtime.version", System.getProperty("java.version", "?")) + " ("
                + System.getProperty("java.vendor", "?") + ") on " + platform();
    }

    /** {@code linux/amd64}, as the user agent says it. */
    public static String platform() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).replace(' ', '-') + "/"
                + System.getProperty("os.arch", "");
    }
}
