package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.GangSystem;
import dev.flightdeck.app.gangs.GangVerdict;

import java.util.Locale;
import java.util.function.Predicate;

/**
 * The gangs screen's filters as one predicate; a null value means "any".
 *
 * @param minGpus only gangs holding at least this many GPUs (null: any size)
 * @param team    only gangs with a rank on one team's nodes (null: any gang)
 */
record GangFilter(GangVerdict verdict, GangSystem system, String namespace, CheckpointAge checkpoint,
                  Integer minGpus, String search, Predicate<dev.flightdeck.app.gangs.Gang> team)
        implements Predicate<GangRow> {

    @Override
    public boolean test(GangRow r) {
        GangLine l = r.line();
        if (verdict != null && l.gang().verdict() != verdict) {
            return false;
        }
        if (system != null && l.gang().key().system() != system) {
            return false;
        }
        if (namespace != null && !namespace.equals(l.gang().key().namespace())) {
            return false;
        }
        if (checkpoint != null && (l.checkpoint() == null || GangCells.level(l) != checkpoint)) {
            return false;
        }
        if (minGpus != null && l.gang().gpusTotal() < minGpus) {
            return false;
        }
        if (team != null && !team.test(l.gang())) {
            return false;
        }
        if (search != null && !search.isBlank()) {
            String h = r.haystack();
            for (String word : search.toLowerCase(Locale.ROOT).trim().split("\\s+")) {
                if (!h.contains(word)) {
                    return false;
                }
            }
        }
        return true;
    }
}
