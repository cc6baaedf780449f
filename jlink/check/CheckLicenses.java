/*
 * The license check, run by Maven in the jlink module's `verify` phase as a
 * single-file Java program. It reads the CycloneDX SBOM of the shipped jars and
 * the policy in licenses/allowed.txt, and fails the build when:
 *   - a component names no license, or one the policy does not allow (every
 *     license a component lists must be allowed: the SBOM does not say whether
 *     several mean "and" or "or", so "and" is assumed);
 *   - a jar the image ships (app-lib, javafx-mods) is not in the SBOM, so that
 *     the SBOM cannot drift from what is really shipped.
 * Our own components (group dev.flightdeck) must name exactly Apache-2.0, the license the
 * parent pom declares for every module (LICENSE at the top of the repository).
 *
 * Usage: java CheckLicenses.java SBOM.xml POLICY JAR_DIR...
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

public class CheckLicenses {

    private static final String OURS = "dev.flightdeck";
    private static final String OUR_LICENSE = "Apache-2.0";
    private static final Pattern ALLOW = Pattern.compile("allow\\s+(\\S+)\\s*(#.*)?");
    private static final Pattern NAME = Pattern.compile("name\\s+\"([^\"]+)\"\\s*=\\s*(\\S+)\\s*(#.*)?");

    record Component(String group, String name, String version, List<String> licenses) {
        String coordinates() {
            return group + ":" + name + ":" + version;
        }
    }

    public static void main(String[] a) throws Exception {
        if (a.length < 2) fail("usage: CheckLicenses SBOM.xml POLICY [JAR_DIR...]");
        Set<String> allowed = new LinkedHashSet<>();
        Map<String, String> names = new HashMap<>();
        readPolicy(Path.of(a[1]), allowed, names);
        List<Component> components = readSbom(Path.of(a[0]));

        List<String> problems = new ArrayList<>();
        Map<String, Integer> tally = new TreeMap<>();
        for (Component c : components) {
            if (c.group().equals(OURS)) {
                if (!c.licenses().equals(List.of(OUR_LICENSE))) {
                    problems.add(c.coordinates() + ": ours, so " + OUR_LICENSE + " (the parent pom's <licenses>), but the SBOM says "
                            + c.licenses());
                }
                continue;
            }
            if (c.licenses().isEmpty()) {
                problems.add(c.coordinates() + ": its POM names no license (find it and add a name line, or drop the jar)");
                continue;
            }
            for (String license : c.licenses()) {
                String id = names.getOrDefault(license, license);
                if (!allowed.contains(id)) {
                    problems.add(c.coordinates() + ": " + license + " is not a license we may ship (" + a[1] + ")");
                }
                tally.merge(id, 1, Integer::sum);
            }
        }
        int jars = 0;
        for (int i = 2; i < a.length; i++) {
            try (Stream<Path> files = Files.list(Path.of(a[i]))) {
                for (Path jar : files.filter(p -> p.toString().endsWith(".jar")).toList()) {
                    jars++;
                    String file = jar.getFileName().toString();
                    boolean listed = components.stream().anyMatch(c -> file.startsWith(c.name() + "-" + c.version()));
                    if (!listed) problems.add(file + " (in " + a[i] + ") is shipped but not in the SBOM");
                }
            }
        }
        if (!problems.isEmpty()) fail(String.join("\n  ", problems));
        System.out.printf("[check-licenses] %d components in %s, %d shipped jars all in it; licenses %s: all allowed%n",
                components.size(), Path.of(a[0]).getFileName(), jars, tally);
    }

    private static void readPolicy(Path policy, Set<String> allowed, Map<String, String> names) throws Exception {
        int n = 0;
        for (String raw : Files.readAllLines(policy)) {
            n++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            Matcher m;
            if ((m = ALLOW.matcher(line)).matches()) {
                allowed.add(m.group(1));
            } else if ((m = NAME.matcher(line)).matches()) {
                names.put(m.group(1), m.group(2));
            } else {
                fail(policy + ":" + n + ": expected `allow SPDX-ID` or `name \"POM NAME\" = SPDX-ID`, found: " + line);
            }
        }
    }

    /** The BOM's top-level components (not the metadata's tool and application entries). */
    private static List<Component> readSbom(Path sbom) throws Exception {
        if (!Files.isRegularFile(sbom)) {
            fail("no SBOM at " + sbom + " (cyclonedx-maven-plugin skips itself when Maven runs offline, -o: run it online)");
        }
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc = f.newDocumentBuilder().parse(sbom.toFile());
        Element components = child(doc.getDocumentElement(), "components");
        if (components == null) fail(sbom + " has no components");
        List<Component> out = new ArrayList<>();
        for (Element c : children(components, "component")) {
            List<String> licenses = new ArrayList<>();
            Element ls = child(c, "licenses");
            if (ls != null) {
                for (Element l : children(ls, "license")) {
                    Element id = child(l, "id");
                    Element name = child(l, "name");
                    licenses.add(id != null ? id.getTextContent().strip() : name != null ? name.getTextContent().strip() : "(empty)");
                }
                for (Element e : children(ls, "expression")) licenses.add(e.getTextContent().strip());
            }
            out.add(new Component(text(c, "group"), text(c, "name"), text(c, "version"), licenses));
        }
        return out;
    }

    private static String text(Element parent, String name) {
        Element e = child(parent, name);
        return e == null ? "" : e.getTextContent().strip();
    }

    private static Element child(Element parent, String name) {
        List<Element> all = children(parent, name);
        return all.isEmpty() ? null : all.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && name.equals(e.getLocalName())) out.add(e);
        }
        return out;
    }

    private static void fail(String message) {
        System.err.println("[check-licenses] FAILED: " + message);
        System.exit(1);
    }
}
