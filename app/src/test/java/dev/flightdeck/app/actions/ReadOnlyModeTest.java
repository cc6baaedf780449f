package dev.flightdeck.app.actions;

import dev.flightdeck.app.connect.ConnectionTarget;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.app.settings.ClusterSettings;
import dev.flightdeck.app.settings.SettingsFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Read-only per context: from the kubeconfig's extension or from the settings; never for the sandbox. */
class ReadOnlyModeTest {

    @TempDir
    Path dir;

    @Test
    void theKubeconfigExtensionOrTheSettingsMakeAContextReadOnly() throws Exception {
        Path kc = dir.resolve("config");
        Files.writeString(kc, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: prod
                  cluster: {server: "https://10.0.0.1:6443"}
                users:
                - name: alice
                  user: {token: %s}
                contexts:
                - name: prod-east
                  context:
                    cluster: prod
                    user: alice
                    extensions:
                    - name: flightdeck.dev/read-only
                      extension: true
                - name: lab
                  context: {cluster: prod, user: alice}
                current-context: lab
                """.formatted(dev.flightdeck.testkit.TestSecrets.remember("not-a-real-" + "token-for-read-only")));
        Kubeconfig k = KubeconfigLoader.load(List.of(kc));
        SettingsFile settings = new SettingsFile(dir.resolve("settings.json"));
        assertEquals("read-only: the kubeconfig marks context prod-east with flightdeck.dev/read-only",
                ReadOnlyMode.reason(new ConnectionTarget.Context(k, "prod-east"), settings.load()));
        assertNull(ReadOnlyMode.reason(new ConnectionTarget.Context(k, "lab"), settings.load()));

        settings.save("lab", ClusterSettings.DEFAULTS.withReadOnly(true));
        assertEquals("read-only: the settings for context lab say so",
                ReadOnlyMode.reason(new ConnectionTarget.Context(k, "lab"), settings.load()));
        assertNull(ReadOnlyMode.reason(new ConnectionTarget.Sandbox(8), settings.load()));
    }
}
