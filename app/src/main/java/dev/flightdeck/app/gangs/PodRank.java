package dev.flightdeck.app.gangs;

/**
 * Where one pod sits in its gang, as its labels say. Ranks are two-level because
 * several systems number pods within a group: JobSet (job-index, then the completion
 * index), LeaderWorkerSet (group-index, then worker-index). The flat rank is computed
 * once the whole gang is known (see {@link RankNumbering}).
 *
 * @param role         replica type, task or replicated job, e.g. "master", "worker", "launcher"; "" when there is one kind
 * @param group        group within the role (0 when the system has no groups)
 * @param indexInGroup the pod's index within its group; -1 when the labels give none
 * @param roleOrder    where the role comes among the gang's roles when the system says so
 *                     (a JobSet numbers its replicated jobs in spec order); 0 when it does not,
 *                     and the roles then go launcher, master, leader, chief first, then by name
 */
public record PodRank(GangKey gang, String role, int group, int indexInGroup, int roleOrder) {

    public PodRank(GangKey gang, String role, int group, int indexInGroup) {
        this(gang, role, group, indexInGroup, 0);
    }
}
