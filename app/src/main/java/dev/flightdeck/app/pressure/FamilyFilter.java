package dev.flightdeck.app.pressure;

import java.util.Set;

/**
 * Which families a parse keeps, by the name in their {@code # TYPE} line. Lines of other
 * families are still checked for well-formedness (so a garbled body is never taken for a
 * good one) but allocate nothing: the 2.3 MB kube-apiserver body has ~17k lines of which the
 * pressure signals need about a third.
 */
public final class FamilyFilter {

    public static final FamilyFilter ALL = new FamilyFilter(null);

    private final Set<String> names; // null: everything

    private FamilyFilter(Set<String> names) {
        this.names = names;
    }

    public static FamilyFilter only(Set<String> familyNames) {
        return new FamilyFilter(Set.copyOf(familyNames));
    }

    public static FamilyFilter only(String... familyNames) {
        return only(Set.of(familyNames));
    }

    public boolean wants(String familyName) {
        return names == null || names.contains(familyName);
    }
}
