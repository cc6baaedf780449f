package dev.flightdeck.app.settings;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A cluster's "prometheus" block: read, kept on save, and every bad value refused in one line naming its field. */
class PrometheusSettingsTest {

    @TempDir
    Path dir;

    private String problemOf(String block) throws IOException {
        Path p = dir.resolve("settings.json");
        Files.writeString(p, "{\"clusters\": {\"lab\": {\"prometheus\": " + block + "}}}");
        String problem = new SettingsFile(p).load().problem();
        String prefix = "settings file " + p + ": cluster \"lab\": ";
        assertTrue(problem != null && problem.startsWith(prefix) && problem.endsWith("; using defaults"), problem);
        return problem.substring(prefix.length(), problem.length() - "; using defaults".length());
    }

    @Test
    void withoutABlockTheConsoleLooksForAPrometheus() throws IOException {
        Path p = Files.writeString(dir.resolve("settings.json"), "{\"clusters\": {\"lab\": {\"readOnly\": true}}}");
        assertNull(new SettingsFile(p).load().forContext("lab").prometheus());
        assertNull(ClusterSettings.DEFAULTS.prometheus());
    }

    @Test
    void theBlockIsReadWithFilesBesideTheSettingsAndKeptWhenSaved() throws IOException {
        Path p = Files.writeString(dir.resolve("settings.json"), """
                {"clusters": {"lab": {"readOnly": true, "prometheus": {"url": "https://prom.lab/prometheus",
                  "bearerTokenFile": "secrets/prom.token", "caFile": "/etc/ssl/lab-ca.pem"}}}}""");
        SettingsFile f = new SettingsFile(p);
        PrometheusSettings read = f.load().forContext("lab").prometheus();
        assertEquals(new PrometheusSettings(URI.create("https://prom.lab/prometheus"), dir.resolve("secrets/prom.token"),
                null, null, Path.of("/etc/ssl/lab-ca.pem"), false), read);
        // Saving another setting of the cluster (the settings dialog) keeps the block, the file name as written.
        f.save("lab", f.load().forContext("lab").withReadOnly(false));
        assertEquals(read, f.load().forContext("lab").prometheus());
        assertTrue(Files.readString(p).contains("\"bearerTokenFile\" : \"secrets/prom.token\""), Files.readString(p));
        f.save("lab", f.load().forContext("lab").withPrometheus(new PrometheusSettings(URI.create("http://10.0.0.5:9090"),
                null, "grafana", Path.of("/run/secrets/prom-password"), null, false)));
        assertEquals("grafana", f.load().forContext("lab").prometheus().username());
        f.save("lab", f.load().forContext("lab").withPrometheus(null));
        assertNull(f.load().forContext("lab").prometheus());
    }

    @Test
    void badValuesAreOneLineNamingTheField() throws IOException {
        assertEquals("prometheus.url is needed (an http:// or https:// URL)", problemOf("{}"));
        assertEquals("prometheus.url \"prom.lab:9090\" is not an http:// or https:// URL with a host",
                problemOf("{\"url\": \"prom.lab:9090\"}"));
        assertEquals("prometheus.url \"http://prom lab\" is not a URL (Illegal character in authority)",
                problemOf("{\"url\": \"http://prom lab\"}"));
        assertEquals("prometheus.url must be a string", problemOf("{\"url\": 9090}"));
        assertEquals("prometheus.url must not carry a user or password; use username and passwordFile",
                problemOf("{\"url\": \"https://admin:hunter22@prom.lab\"}"));
        assertEquals("prometheus.bearerToken is not read: put it in a file and name the file in prometheus.bearerTokenFile",
                problemOf("{\"url\": \"https://prom.lab\", \"bearerToken\": \"abc\"}"));
        assertEquals("prometheus.caFiel is not a setting (known: url, bearerTokenFile, username, passwordFile, caFile, "
                + "insecureSkipTlsVerify)", problemOf("{\"url\": \"https://prom.lab\", \"caFiel\": \"/ca.pem\"}"));
        assertEquals("prometheus.username needs prometheus.passwordFile",
                problemOf("{\"url\": \"https://prom.lab\", \"username\": \"grafana\"}"));
        assertEquals("prometheus: bearerTokenFile and username/passwordFile are exclusive; set one", problemOf(
                "{\"url\": \"https://prom.lab\", \"bearerTokenFile\": \"t\", \"username\": \"u\", \"passwordFile\": \"p\"}"));
        assertEquals("prometheus.insecureSkipTlsVerify must be true or false",
                problemOf("{\"url\": \"https://prom.lab\", \"insecureSkipTlsVerify\": \"yes\"}"));
        assertEquals("prometheus must be an object such as {\"url\": \"https://prom.lab\"}", problemOf("\"https://prom.lab\""));
    }
}
