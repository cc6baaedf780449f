/*
 * Packaging check for the Linux installers, run by Maven in the jlink module's
 * `verify` phase as a single-file Java program. It reads a .deb (dpkg-deb) or an
 * .rpm (rpm -qp) the way a package manager would and asserts that:
 *   - name, version and architecture are the ones built;
 *   - the dependencies are exactly the ones the pom names (Depends / Requires);
 *   - every file and link of the app image is in the package under the install
 *     directory, with its size and its executable bit, and nothing else is, apart
 *     from the menu entry jpackage writes (and the .deb's copyright file);
 *   - the post-install script puts the menu entry in, and the one that runs on
 *     removal takes it out (for the .rpm, only on erase: not on an upgrade);
 *   - for the .rpm, its digests verify (rpm -K);
 *   - the license: the project's LICENSE is in the package (lib/app/LICENSE, part of the image);
 *     the .rpm's License field is LICENSE and rpm lists that file as its license file (rpm -qpL);
 *     the .deb's copyright file says "License: LICENSE" for Flightdeck's own files.
 *
 * Usage: java CheckPackage.java deb|rpm PACKAGE IMAGE_DIR INSTALL_DIR VERSION DEPENDENCIES LICENSE
 *   PACKAGE the file, or the directory that holds the one .deb / .rpm;
 *   DEPENDENCIES as in the pom: "a | b, c, d" for the .deb, "x, y, z" for the .rpm;
 *   LICENSE the project's, as an SPDX id (Apache-2.0).
 */
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

public class CheckPackage {

    /** One entry of a package's or the image's file list: a regular file or a symbolic link. */
    record Entry(boolean link, long size, boolean executable) {}

    private static final List<String> problems = new ArrayList<>();

    public static void main(String[] a) throws Exception {
        if (a.length != 7 || !(a[0].equals("deb") || a[0].equals("rpm"))) {
            fail("usage: CheckPackage deb|rpm PACKAGE IMAGE_DIR INSTALL_DIR VERSION DEPENDENCIES LICENSE");
        }
        String kind = a[0];
        Path pkg = onePackage(Path.of(a[1]), "." + kind);
        Path image = Path.of(a[2]);
        String installDir = a[3].replaceAll("/+$", "");
        String version = a[4];
        Set<String> wantDeps = split(a[5]);
        String license = a[6];
        String name = installDir.substring(installDir.lastIndexOf('/') + 1);
        if (!Files.isRegularFile(pkg)) fail("no package at " + pkg + " (did the jpackage step run?)");

        Map<String, Entry> packaged;
        Set<String> extrasAllowed = new TreeSet<>(Set.of(installDir + "/lib/" + name + "-" + name + ".desktop"));
        String install;
        String removal;
        if (kind.equals("deb")) {
            Map<String, String> f = fields(run("dpkg-deb", "-f", pkg.toString(), "Package", "Version", "Architecture", "Depends"));
            expect("Package", f.get("Package"), name);
            expect("Version", f.get("Version"), version);
            expect("Architecture", f.get("Architecture"), debArch());
            expect("Depends", split(f.getOrDefault("Depends", "")), wantDeps);
            packaged = debContents(run("dpkg-deb", "-c", pkg.toString()), installDir);
            String copyrightFile = installDir + "/share/doc/copyright";
            extrasAllowed.add(copyrightFile);
            String copyright = debFile(pkg, copyrightFile);
            // The first Files paragraph is Flightdeck's own (src/deb/copyright); later ones name what it bundles.
            Matcher own = Pattern.compile("(?m)^Files: \\*\\R(?:^\\S.*\\R)*?^License: (\\S+)$").matcher(copyright);
            if (!own.find() || !own.group(1).equals(license)) {
                problems.add(copyrightFile + ": Flightdeck's own files (Files: *) are not under License: " + license
                        + (own.find(0) ? ", it says " + own.group(1) : ", no such paragraph"));
            }
            install = run("dpkg-deb", "-I", pkg.toString(), "postinst");
            removal = run("dpkg-deb", "-I", pkg.toString(), "prerm");
        } else {
            List<String> q = run("rpm", "-qp", "--queryformat", "%{NAME}\\n%{VERSION}\\n%{ARCH}\\n", pkg.toString()).lines().toList();
            expect("Name", q.get(0), name);
            expect("Version", q.get(1), version);
            expect("Arch", q.get(2), System.getProperty("os.arch").equals("amd64") ? "x86_64" : System.getProperty("os.arch"));
            Set<String> requires = new TreeSet<>();
            for (String r : run("rpm", "-qpR", pkg.toString()).lines().map(String::strip).toList()) {
                // rpm adds the scriptlets' shell and the rpmlib features it used by itself.
                if (!r.equals("/bin/sh") && !r.startsWith("rpmlib(")) requires.add(r);
            }
            expect("Requires", requires, wantDeps);
            packaged = rpmContents(run("rpm", "-qp", "--queryformat", "[%{FILEMODES:perms} %{FILESIZES} %{FILENAMES}\\n]", pkg.toString()));
            String scripts = run("rpm", "-qp", "--scripts", pkg.toString());
            int preun = scripts.indexOf("preuninstall scriptlet");
            install = preun < 0 ? scripts : scripts.substring(0, preun);
            removal = preun < 0 ? "" : scripts.substring(preun);
            String rpmLicense = run("rpm", "-qp", "--queryformat", "%{LICENSE}", pkg.toString()).strip();
            expect("License", rpmLicense, license);
            expect("license files (rpm -qpL)", run("rpm", "-qpL", pkg.toString()).strip(), installDir + "/lib/app/LICENSE");
            String digests = run("rpm", "-K", "--nosignature", pkg.toString());
            if (!digests.contains("digests OK")) problems.add("rpm -K: " + digests.strip());
            if (!removal.contains("if [ \"$1\" -eq 0 ]")) {
                problems.add("the .rpm's %preun removes the menu entry on an upgrade too (rpm runs it after the new %post)");
            }
        }
        String desktop = installDir + "/lib/" + name + "-" + name + ".desktop";
        if (!install.contains("xdg-desktop-menu install " + desktop)) problems.add("the post-install script does not install the menu entry " + desktop);
        if (!removal.contains("xdg-desktop-menu uninstall " + desktop)) problems.add("the removal script does not take the menu entry out");

        compareWithImage(imageContents(image, installDir), packaged, extrasAllowed);
        if (!packaged.containsKey(installDir + "/lib/app/LICENSE")) problems.add(installDir + "/lib/app/LICENSE: the project's license is not in the package");
        if (!problems.isEmpty()) fail(String.join("\n  ", problems));
        long bytes = packaged.values().stream().filter(e -> !e.link()).mapToLong(Entry::size).sum();
        System.out.printf("[check-package] %s: %s %s, license %s, %d files and links = the image + %s, %d MB installed, dependencies %s: ok%n",
                pkg.getFileName(), name, version, license, packaged.size(), extrasAllowed, bytes >> 20, wantDeps);
    }

    private static void compareWithImage(Map<String, Entry> image, Map<String, Entry> packaged, Set<String> extrasAllowed) {
        int shown = 0;
        for (var e : image.entrySet()) {
            Entry p = packaged.get(e.getKey());
            String problem = p == null ? "missing from the package"
                    : p.link() != e.getValue().link() ? "a link in one and a file in the other"
                    : !p.link() && p.size() != e.getValue().size() ? "size " + p.size() + " in the package, " + e.getValue().size() + " in the image"
                    : !p.link() && p.executable() != e.getValue().executable() ? "executable in one and not the other"
                    : null;
            if (problem != null && shown++ < 20) problems.add(e.getKey() + ": " + problem);
        }
        for (String path : packaged.keySet()) {
            if (!image.containsKey(path) && !extrasAllowed.contains(path) && shown++ < 20) {
                problems.add(path + ": in the package, not in the image");
            }
        }
        for (String extra : extrasAllowed) {
            if (!packaged.containsKey(extra)) problems.add(extra + ": missing from the package");
        }
    }

    /** Files and links of the image, keyed by where the package installs them. */
    private static Map<String, Entry> imageContents(Path image, String installDir) throws IOException {
        Map<String, Entry> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(image)) {
            for (Path p : all.toList()) {
                // .jpackage.xml is jpackage's note to itself about the image; installers leave it out.
                if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS) || p.endsWith("app/.jpackage.xml")) continue;
                String key = installDir + "/" + image.relativize(p).toString().replace('\\', '/');
                boolean link = Files.isSymbolicLink(p);
                out.put(key, new Entry(link, link ? 0 : Files.size(p), !link && Files.isExecutable(p)));
            }
        }
        return out;
    }

    /** {@code -rwxr-xr-x root/root 21912 2026-11-25 04:39 ./opt/x/bin/x} (links: {@code ... ./a -> b}). */
    private static Map<String, Entry> debContents(String listing, String installDir) {
        Map<String, Entry> out = new TreeMap<>();
        for (String line : listing.lines().toList()) {
            String[] f = line.split("\\s+", 6);
            if (f.length < 6 || f[0].startsWith("d")) continue;
            String path = f[5].replaceFirst("^\\.", "");
            boolean link = f[0].startsWith("l");
            if (link) path = path.substring(0, path.indexOf(" -> "));
            out.put(path, new Entry(link, Long.parseLong(f[2]), f[0].charAt(3) == 'x'));
        }
        return out;
    }

    /** {@code -rwxr-xr-x 21912 /opt/x/bin/x}, one line per file, directory or link. */
    private static Map<String, Entry> rpmContents(String listing) {
        Map<String, Entry> out = new TreeMap<>();
        for (String line : listing.lines().toList()) {
            String[] f = line.split(" ", 3);
            if (f.length < 3 || f[0].startsWith("d")) continue;
            boolean link = f[0].startsWith("l");
            out.put(f[2], new Entry(link, Long.parseLong(f[1]), f[0].charAt(3) == 'x'));
        }
        return out;
    }

    /** One file's content from a .deb: dpkg-deb's data archive piped through tar, as dpkg would unpack it. */
    private static String debFile(Path deb, String path) throws IOException, InterruptedException {
        List<Process> pipe = ProcessBuilder.startPipeline(List.of(
                new ProcessBuilder("dpkg-deb", "--fsys-tarfile", deb.toString()).redirectError(ProcessBuilder.Redirect.INHERIT),
                new ProcessBuilder("tar", "-xOf", "-", "." + path).redirectError(ProcessBuilder.Redirect.INHERIT)));
        Process tar = pipe.get(pipe.size() - 1);
        String text = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        for (Process p : pipe) {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("dpkg-deb --fsys-tarfile | tar did not finish in 120 s");
            }
        }
        if (tar.exitValue() != 0) fail(path + " is not in " + deb.getFileName() + " (tar exited " + tar.exitValue() + ")");
        return text;
    }

    private static Path onePackage(Path fileOrDir, String suffix) throws IOException {
        if (!Files.isDirectory(fileOrDir)) return fileOrDir;
        try (Stream<Path> files = Files.list(fileOrDir)) {
            List<Path> found = files.filter(p -> p.toString().endsWith(suffix)).toList();
            if (found.size() != 1) fail("expected one " + suffix + " in " + fileOrDir + ", found " + found);
            return found.get(0);
        }
    }

    private static Map<String, String> fields(String control) {
        Map<String, String> out = new TreeMap<>();
        for (String line : control.lines().toList()) {
            int colon = line.indexOf(':');
            if (colon > 0) out.put(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
        }
        return out;
    }

    /** "a | b, c" as a set of alternatives-groups, each normalised ("a | b"). */
    private static Set<String> split(String deps) {
        Set<String> out = new TreeSet<>();
        for (String d : deps.split(",")) {
            String group = String.join(" | ", Arrays.stream(d.split("\\|")).map(String::strip).toList());
            if (!group.isEmpty()) out.add(group);
        }
        return out;
    }

    private static String debArch() {
        String arch = System.getProperty("os.arch");
        return arch.equals("aarch64") ? "arm64" : arch;
    }

    private static void expect(String what, Object got, Object want) {
        if (!want.equals(got)) problems.add(what + ": " + got + ", expected " + want);
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in 120 s");
        }
        String text = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) fail(String.join(" ", command) + " exited " + p.exitValue() + ":\n" + text);
        return text;
    }

    private static void fail(String message) {
        System.err.println("[check-package] FAILED: " + message);
        System.exit(1);
    }
}
