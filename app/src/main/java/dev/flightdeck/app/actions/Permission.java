package dev.flightdeck.app.actions;

/**
 * One thing an action needs to be allowed to do, as RBAC names it.
 *
 * @param group       API group, "" for the core group
 * @param subresource "" or e.g. {@code eviction}, {@code log}
 * @param namespace   null for cluster-scoped or any namespace
 */
public record Permission(String verb, String group, String resource, String subresource, String namespace) {

    public static Permission of(String verb, String group, String resource) {
        return new Permission(verb, group, resource, "", null);
    }

    public Permission sub(String sub) {
        return new Permission(verb, group, resource, sub, namespace);
    }

    public Permission in(String ns) {
        return new Permission(verb, group, resource, subresource, ns);
    }

    /** As an admin would write the missing rule: {@code create pods/eviction}, {@code patch nodes}, {@code create jobs.batch in flightdeck-system}. */
    public String describe() {
        return verb + " " + resource + (subresource.isEmpty() ? "" : "/" + subresource)
                + (group.isEmpty() ? "" : "." + group) + (namespace == null ? "" : " in " + namespace);
    }
}
