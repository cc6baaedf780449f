package dev.flightdeck.app.pressure;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sorts the lines of a parse into families: which family a sample belongs to (the one the
 * last {@code # TYPE} line opened, when the name matches it or one of its suffixes), whether
 * the filter keeps it, and the samples kept so far. Consecutive lines usually share a name
 * (a histogram's buckets), so the last decision is remembered by the name's bytes and the
 * common case costs one array comparison and no allocation.
 */
final class FamilyCollector {

    private static final String[] SUFFIXES = {"_bucket", "_sum", "_count"};
    private static final byte[][] SUFFIX_BYTES = {
        "_bucket".getBytes(StandardCharsets.ISO_8859_1),
        "_sum".getBytes(StandardCharsets.ISO_8859_1),
        "_count".getBytes(StandardCharsets.ISO_8859_1),
    };

    static final class Family {
        final String name;
        final byte[] nameBytes;
        final boolean wanted;
        MetricType type; // null until a TYPE line declares it
        String help = "";
        boolean helpSeen;
        boolean samplesSeen;
        final List<Sample> samples = new ArrayList<>();

        Family(String name, boolean wanted) {
            this.name = name;
            this.nameBytes = name.getBytes(StandardCharsets.ISO_8859_1);
            this.wanted = wanted;
        }
    }

    private final FamilyFilter filter;
    private final Map<String, Family> byName = new HashMap<>();
    private final List<Family> inOrder = new ArrayList<>();
    private Family current;

    private byte[] lastName = new byte[256];
    private int lastNameLength = -1;
    private Family lastFamily;
    private String lastSampleName;

    FamilyCollector(FamilyFilter filter) {
        this.filter = filter;
    }

    /** The family a HELP or TYPE line names; it becomes the context for the samples that follow. */
    Family declared(String name) {
        current = family(name);
        lastNameLength = -1;
        return current;
    }

    void setType(Family family, MetricType type, LineCursor at) throws MalformedResponseException {
        if (family.type != null) {
            throw at.error("a second TYPE line for '" + family.name + "'");
        }
        if (family.samplesSeen) {
            throw at.error("the TYPE line for '" + family.name + "' comes after its samples");
        }
        family.type = type;
    }

    void setHelp(Family family, String help, LineCursor at) throws MalformedResponseException {
        if (family.helpSeen) {
            throw at.error("a second HELP line for '" + family.name + "'");
        }
        family.helpSeen = true;
        family.help = help;
    }

    /** The family of the sample named by bytes [from, to); then {@link #sampleName} names the sample. */
    Family ofSample(byte[] b, int from, int to) {
        int length = to - from;
        if (length == lastNameLength && Arrays.equals(b, from, to, lastName, 0, length)) {
            return lastFamily;
        }
        Family family;
        String sampleName;
        int suffix = current == null ? -1 : suffixWithin(current, b, from, to);
        if (suffix >= 0) {
            family = current;
            sampleName = !family.wanted ? null : suffix == 0 ? family.name : family.name + SUFFIXES[suffix - 1];
        } else {
            sampleName = new String(b, from, length, StandardCharsets.ISO_8859_1);
            family = byName.get(sampleName);
            if (family == null) {
                family = typedOwner(sampleName);
            }
            if (family == null) {
                family = family(sampleName);
            }
            current = family;
        }
        family.samplesSeen = true;
        if (lastName.length < length) {
            lastName = new byte[Math.max(length, lastName.length * 2)];
        }
        System.arraycopy(b, from, lastName, 0, length);
        lastNameLength = length;
        lastFamily = family;
        lastSampleName = sampleName;
        return family;
    }

    /** The name of the sample last passed to {@link #ofSample} (only for families the filter keeps). */
    String sampleName() {
        return lastSampleName;
    }

    Exposition finish(int lines) {
        List<MetricFamily> kept = new ArrayList<>();
        for (Family family : inOrder) {
            if (family.wanted) {
                MetricType type = family.type == null ? MetricType.UNTYPED : family.type;
                kept.add(new MetricFamily(family.name, type, family.help, family.samples));
            }
        }
        return new Exposition(kept, lines);
    }

    private Family family(String name) {
        Family family = byName.get(name);
        if (family == null) {
            family = new Family(name, filter.wants(name));
            byName.put(name, family);
            inOrder.add(family);
        }
        return family;
    }

    /** A histogram or summary declared earlier whose {@code _bucket/_sum/_count} sample this is, though other families came between. */
    private Family typedOwner(String sampleName) {
        for (String suffix : SUFFIXES) {
            if (sampleName.endsWith(suffix)) {
                Family owner = byName.get(sampleName.substring(0, sampleName.length() - suffix.length()));
                if (owner != null && owner.type != null && owner.type.ownsSuffix(suffix)) {
                    return owner;
                }
            }
        }
        return null;
    }

    /** 0 when the name is the family's own, i when it is the family's name + SUFFIXES[i-1], -1 otherwise. */
    private static int suffixWithin(Family family, byte[] b, int from, int to) {
        byte[] own = family.nameBytes;
        int length = to - from;
        if (length < own.length || !Arrays.equals(b, from, from + own.length, own, 0, own.length)) {
            return -1;
        }
        if (length == own.length) {
            return 0;
        }
        if (family.type == null) {
            return -1;
        }
        for (int i = 0; i < SUFFIXES.length; i++) {
            byte[] suffix = SUFFIX_BYTES[i];
            if (length - own.length == suffix.length && family.type.ownsSuffix(SUFFIXES[i])
                    && Arrays.equals(b, from + own.length, to, suffix, 0, suffix.length)) {
                return i + 1;
            }
        }
        return -1;
    }
}
