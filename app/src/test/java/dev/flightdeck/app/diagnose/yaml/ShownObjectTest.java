package dev.flightdeck.app.diagnose.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.flightdeck.app.Fixtures;
import dev.flightdeck.app.kube.ApiResource;
import dev.flightdeck.app.secrets.SecretText;
import dev.flightdeck.app.watch.KubeJson;
import dev.flightdeck.testkit.TestSecrets;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rank's pod as the real kube-apiserver 1.32 returned it (managedFields, kubectl's last-applied annotation, a
 * literal HF_TOKEN and {@code --hf-token}, WANDB_API_KEY from a secretKeyRef), as the console shows it.
 */
class ShownObjectTest {

    /** The made-up token in the capture: no output may hold it. */
    private static final String TOKEN = TestSecrets.remember("hf_" + "QwErTyUiOpAsDfGhJkLzXcVbNm0123456789");

    private static ShownObject shown() throws Exception {
        JsonNode raw = KubeJson.MAPPER.readTree(Fixtures.capture("pod-with-secrets.json"));
        assertTrue(raw.at("/metadata/managedFields").isArray(), "the capture has managedFields");
        assertTrue(raw.toString().contains(TOKEN), "the capture holds the token, three times");
        return ObjectYaml.shown(ApiResource.PODS, "training", "llm-pretrain-worker-3", raw);
    }

    @Test
    void managedFieldsAndLastAppliedAreLeftOutAndSaidSoAtTheTop() throws Exception {
        ShownObject s = shown();
        List<String> lines = s.yaml().lines().toList();
        assertEquals("# managedFields left out", lines.get(0));
        assertEquals("# kubectl.kubernetes.io/last-applied-configuration left out (the object again, as last applied)",
                lines.get(1));
        assertEquals("# 2 secret values redacted: spec.containers[trainer].args[1], spec.containers[trainer].env[HF_TOKEN]",
                lines.get(2));
        assertEquals("apiVersion: v1", lines.get(3));
        assertFalse(s.yaml().contains("managedFields:"), s.yaml());
        assertFalse(s.yaml().contains("last-applied-configuration:"), s.yaml());
        assertTrue(lines.contains("    flightdeck.dev/checkpoint-uri: s3://ckpt/llm/step-1200/"), "other annotations stay");
        assertEquals("Pod training/llm-pretrain-worker-3", s.title());
    }

    @Test
    void aLiteralSecretIsRedactedAndASecretKeyRefIsKeptAsTheReferenceItIs() throws Exception {
        ShownObject s = shown();
        String yaml = s.yaml();
        assertFalse(yaml.contains(TOKEN), yaml);
        assertFalse(s.json().contains(TOKEN), s.json());
        List<String> lines = yaml.lines().toList();
        int hf = lines.indexOf("    - name: HF_TOKEN");
        assertEquals("      value: " + SecretText.PLACEHOLDER, lines.get(hf + 1));
        int wandb = lines.indexOf("    - name: WANDB_API_KEY");
        assertEquals(List.of("      valueFrom:", "        secretKeyRef:", "          key: api-key", "          name: wandb"),
                lines.subList(wandb + 1, wandb + 5));
        int args = lines.indexOf("  - args:"); // the first key of the container, as kubectl sorts them
        assertEquals(List.of("    - --hf-token", "    - " + SecretText.PLACEHOLDER, "    - --steps", "    - \"100000\""),
                lines.subList(args + 1, args + 5));
        assertTrue(lines.contains("      value: \"29500\""), "a port stays, quoted as kubectl quotes it");
        KubectlYamlTest.assertSameTree(s.object(), yaml.lines().filter(l -> !l.startsWith("#"))
                .reduce("", (a, b) -> a + b + "\n"));
    }

    @Test
    void jsonIsKubectlsFourSpacesSortedKeysAndTheNotesGoBeside() throws Exception {
        ShownObject s = shown();
        List<String> lines = s.json().lines().toList();
        assertEquals("{", lines.get(0));
        assertEquals("    \"apiVersion\": \"v1\",", lines.get(1));
        assertEquals("    \"kind\": \"Pod\",", lines.get(2));
        assertEquals("    \"metadata\": {", lines.get(3));
        assertEquals(s.object(), KubeJson.MAPPER.readTree(s.json()));
        assertEquals(3, s.notes().size());
    }

    @Test
    void anObjectWithNothingToLeaveOutHasNoNotes() throws Exception {
        JsonNode node = KubeJson.MAPPER.readTree(Fixtures.capture("node-gpu-degraded.json"));
        ShownObject s = ObjectYaml.shown(ApiResource.NODES, null, node.at("/metadata/name").asText(), node);
        assertEquals(List.of(), s.notes());
        assertTrue(s.yaml().startsWith("apiVersion: v1\nkind: Node\n"), s.yaml());
        assertEquals("Node " + node.at("/metadata/name").asText(), s.title());
    }
}
