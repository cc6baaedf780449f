package dev.flightdeck.app.actions.drain;

import dev.flightdeck.app.kube.DiscoveryDocuments;
import dev.flightdeck.app.watch.KubeJson;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The Eviction version a server takes, from its /api/v1 discovery as kubectl reads it. */
class EvictionApiTest {

    private static EvictionApi of(String resources) throws Exception {
        return EvictionApi.from(KubeJson.MAPPER.readValue("{\"kind\":\"APIResourceList\",\"groupVersion\":\"v1\",\"resources\":["
                + resources + "]}", DiscoveryDocuments.ResourceList.class));
    }

    @Test
    void policyV1WhenDiscoveryNamesIt() throws Exception {
        assertEquals(EvictionApi.POLICY_V1, of("{\"name\":\"pods\",\"kind\":\"Pod\"},"
                + "{\"name\":\"pods/eviction\",\"group\":\"policy\",\"version\":\"v1\",\"kind\":\"Eviction\",\"verbs\":[\"create\"]}"));
    }

    @Test
    void v1beta1OnOlderServers() throws Exception {
        assertEquals(EvictionApi.POLICY_V1BETA1, of("{\"name\":\"pods/eviction\",\"group\":\"policy\",\"version\":\"v1beta1\","
                + "\"kind\":\"Eviction\",\"verbs\":[\"create\"]}"));
        assertEquals("policy/v1beta1", EvictionApi.POLICY_V1BETA1.apiVersion());
    }

    @Test
    void noneWhenTheServerListsNoEviction() throws Exception {
        assertEquals(EvictionApi.NONE, of("{\"name\":\"pods\",\"kind\":\"Pod\"}"));
    }
}
