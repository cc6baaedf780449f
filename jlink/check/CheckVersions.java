/*
 * One version on every artifact, run by Maven in the jlink module's `verify` phase as a
 * single-file Java program on every OS. The packaging version is decided once (jlink/pom.xml,
 * fd.package.version: project.version without -SNAPSHOT); this asserts that everything built
 * says it, so no OS, package type or file name can drift to a version of its own:
 *   - the project version is the packaging version, or it with -SNAPSHOT;
 *   - every file in the installer folder (.deb, .rpm, .tar.gz, .dmg, .msi, the SBOMs) names it
 *     as the version in its file name; SHA256SUMS alone names none;
 *   - the .deb's Version (dpkg-deb) and the .rpm's VERSION (rpm -qp), where those were built;
 *   - the app image's own record (.jpackage.xml) and, on macOS, its Info.plist;
 *   - the build stamp in the shipped flightdeck-app jar, which --version, About, the user agent
 *     and the journal print, is the project version (-SNAPSHOT and all).
 *
 * Usage: java CheckVersions.java VERSION PROJECT_VERSION IMAGE_DIR APP_DIR INSTALLER_DIR
 */
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

public class CheckVersions {

    /**
     * flightdeck_1.0.0_amd64.deb, flightdeck-1.0.0-1.x86_64.rpm, flightdeck-1.0.0.dmg, flightdeck-1.0.0-linux.cdx.json ...;
     * a -SNAPSHOT after the number is part of the version, so a file named after the project version is caught.
     */
    private static final Pattern FILE_VERSION = Pattern.compile("^[a-z]+[-_](\\d+(?:\\.\\d+)*(?:-SNAPSHOT)?)(?=[-_.])");

    public static void main(String[] a) throws Exception {
        if (a.length != 5) fail("usage: CheckVersions VERSION PROJECT_VERSION IMAGE_DIR APP_DIR INSTALLER_DIR");
        String version = a[0];
        String projectVersion = a[1];
        Path image = Path.of(a[2]);
        Path app = Path.of(a[3]);
        Path installers = Path.of(a[4]);

        // Where each version was read -> what it says.
        Map<String, String> found = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        if (!projectVersion.equals(version) && !projectVersion.equals(version + "-SNAPSHOT")) {
            problems.add("the project version " + projectVersion + " is not " + version + " (or " + version + "-SNAPSHOT)");
        }

        if (Files.isDirectory(installers)) {
            try (Stream<Path> files = Files.list(installers)) {
                for (Path f : files.sorted().toList()) {
                    String name = f.getFileName().toString();
                    if (name.equals("SHA256SUMS")) continue;
                    Matcher m = FILE_VERSION.matcher(name);
                    found.put(name + " (file name)", m.find() ? m.group(1) : "(none)");
                    if (name.endsWith(".deb")) {
                        found.put(name + " (Version)", run("dpkg-deb", "-f", f.toString(), "Version").strip());
                    } else if (name.endsWith(".rpm")) {
                        found.put(name + " (VERSION)", run("rpm", "-qp", "--queryformat", "%{VERSION}", f.toString()).strip());
                    }
                }
            }
        }

        Path record = app.resolve(".jpackage.xml");
        if (!Files.isRegularFile(record)) fail("no " + record + " (did the jpackage app-image step run?)");
        found.put("app image (" + image.relativize(record) + ")", element(Files.readString(record), "app-version"));
        Path plist = image.resolve("Contents/Info.plist");
        if (Files.isRegularFile(plist)) {
            String text = Files.readString(plist);
            found.put("app image (Info.plist CFBundleShortVersionString)", plistString(text, "CFBundleShortVersionString"));
            found.put("app image (Info.plist CFBundleVersion)", plistString(text, "CFBundleVersion"));
        }

        String stamped = buildStamp(app);
        if (!stamped.equals(projectVersion)) {
            problems.add("the shipped flightdeck-app jar says it is " + stamped + " (--version, About, journal), the project is " + projectVersion);
        }

        found.forEach((where, said) -> {
            if (!said.equals(version)) problems.add(where + ": " + said + ", expected " + version);
        });
        if (!problems.isEmpty()) fail(String.join("\n  ", problems));
        System.out.printf("[check-versions] %s on all %d: %s; the build stamp (--version) says %s: ok%n",
                version, found.size(), String.join(", ", found.keySet()), stamped);
    }

    /** version= in build.properties inside the image's flightdeck-app jar. */
    private static String buildStamp(Path app) throws IOException {
        List<Path> jars;
        try (Stream<Path> files = Files.list(app)) {
            jars = files.filter(p -> p.getFileName().toString().matches("flightdeck-app-.*\\.jar")).toList();
        }
        if (jars.size() != 1) fail("expected one flightdeck-app jar in " + app + ", found " + jars);
        try (ZipFile jar = new ZipFile(jars.get(0).toFile())) {
            var entry = jar.getEntry("dev/flightdeck/app/about/build.properties");
            if (entry == null) fail(jars.get(0) + " has no build.properties (the build stamp)");
            Properties p = new Properties();
            try (InputStream in = jar.getInputStream(entry)) {
                p.load(in);
            }
            return p.getProperty("version", "(none)");
        }
    }

    private static String element(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(xml);
        return m.find() ? m.group(1).strip() : "(none)";
    }

    private static String plistString(String plist, String key) {
        Matcher m = Pattern.compile("<key>" + key + "</key>\\s*<string>([^<]*)</string>").matcher(plist);
        return m.find() ? m.group(1).strip() : "(none)";
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in 60 s");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) fail(String.join(" ", command) + " exited " + p.exitValue() + ":\n" + text);
        return text;
    }

    private static void fail(String message) {
        System.err.println("[check-versions] FAILED: " + message);
        System.exit(1);
    }
}
