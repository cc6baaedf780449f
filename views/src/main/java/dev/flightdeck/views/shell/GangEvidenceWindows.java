package dev.flightdeck.views.shell;

import dev.flightdeck.app.diagnose.events.GangObjects;
import dev.flightdeck.app.diagnose.yaml.ObjectRef;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangKey;
import dev.flightdeck.app.kube.ObjectReference;
import dev.flightdeck.views.diagnose.Evidence;
import dev.flightdeck.views.gangs.GangEvidence;

import java.util.Set;
import java.util.function.BiConsumer;

/**
 * What the Gangs screen opens behind a gang: YAML and logs in the evidence windows, its Events on the Events screen.
 *
 * @param showEventsOf the Events screen, showing only the Events about these objects (and whose they are)
 */
record GangEvidenceWindows(Evidence evidence, BiConsumer<Set<ObjectReference>, String> showEventsOf)
        implements GangEvidence {

    @Override
    public void gangYaml(GangKey gang) {
        ObjectRef.gang(gang).ifPresent(evidence::openYaml);
    }

    @Override
    public void podYaml(String namespace, String pod) {
        evidence.openYaml(ObjectRef.pod(namespace, pod));
    }

    @Override
    public void logs(GangKey gang, int rank) {
        evidence.openLogs(gang, rank);
    }

    @Override
    public void events(Gang gang) {
        showEventsOf.accept(GangObjects.of(gang), "gang " + gang.key());
    }
}
