package dev.flightdeck.sandbox;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A group's versions in the order kube-apiserver prefers them: what discovery lists first and names preferred. */
class KubeVersionOrderTest {

    @Test
    void gaThenBetaThenAlphaEachHighestFirstThenTheRestAlphabetically() {
        List<String> versions = new ArrayList<>(List.of("v1alpha1", "foo10", "v1beta1", "v10", "v1", "v2beta1",
                "v1beta2", "foo1", "v2", "v11alpha2", "v1alpha10"));
        versions.sort(KubeVersionOrder.PREFERRED_FIRST);
        assertEquals(List.of("v10", "v2", "v1", "v2beta1", "v1beta2", "v1beta1", "v11alpha2", "v1alpha10", "v1alpha1",
                "foo1", "foo10"), versions);
    }
}
