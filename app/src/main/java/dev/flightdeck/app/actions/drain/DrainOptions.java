package dev.flightdeck.app.actions.drain;

import java.time.Duration;

/**
 * kubectl drain's switches, with kubectl's meaning.
 *
 * @param ignoreDaemonSets  skip DaemonSet pods (their controller would recreate them at once); without
 *                          it they block the drain. On by default here: GPU nodes always run the GPU
 *                          Operator's DaemonSets, and nobody means to drain those.
 * @param deleteEmptyDirData consent to losing pods' emptyDir data
 * @param force             consent to deleting pods no controller will recreate
 * @param disableEviction   delete pods outright instead of the Eviction API (bypasses PDBs)
 * @param timeout           give up waiting (PDB retries, pods going) after this long
 */
public record DrainOptions(boolean ignoreDaemonSets, boolean deleteEmptyDirData, boolean force,
                           boolean disableEviction, Duration timeout) {

    public static final DrainOptions DEFAULTS = new DrainOptions(true, false, false, false, Duration.ofMinutes(10));

    public DrainOptions withConsent(boolean emptyDirData, boolean unmanaged) {
        return new DrainOptions(ignoreDaemonSets, emptyDirData, unmanaged, disableEviction, timeout);
    }
}
