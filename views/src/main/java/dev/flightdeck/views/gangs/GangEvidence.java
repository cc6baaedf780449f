package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.GangKey;

/** What the Gangs screen opens behind a gang and its ranks: the evidence windows the shell provides. */
public interface GangEvidence {

    /** The YAML of the gang's own object (its Job, JobSet, PyTorchJob …). */
    void gangYaml(GangKey gang);

    /** The YAML of one rank's pod. */
    void podYaml(String namespace, String pod);

    /** The gang's logs, {@code rank} selected (-1: its first failure). */
    void logs(GangKey gang, int rank);

    /** The Events about the gang's object and its ranks' pods. */
    void events(dev.flightdeck.app.gangs.Gang gang);

    /** None: the screen offers no evidence (a test of the screen alone). */
    GangEvidence NONE = new GangEvidence() {
        @Override
        public void gangYaml(GangKey gang) {
        }

        @Override
        public void podYaml(String namespace, String pod) {
        }

        @Override
        public void logs(GangKey gang, int rank) {
        }

        @Override
        public void events(dev.flightdeck.app.gangs.Gang gang) {
        }
    };
}
