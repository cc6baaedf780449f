package dev.flightdeck.app.diagnose.events;

/**
 * Shares one copy of a string seen again soon: an Event storm repeats the same note ("0/2500 nodes are
 * available: …") and object names thousands of times. A small direct-mapped cache, so unlike an
 * interner it never grows however many distinct strings pass; a miss only keeps the copy the Event
 * had anyway. Used by one projector's thread only.
 */
final class RecentStrings {

    private final String[] recent;
    private final int mask;

    RecentStrings(int slotsPowerOfTwo) {
        if (Integer.bitCount(slotsPowerOfTwo) != 1) {
            throw new IllegalArgumentException("slots must be a power of two, not " + slotsPowerOfTwo);
        }
        recent = new String[slotsPowerOfTwo];
        mask = slotsPowerOfTwo - 1;
    }

    String share(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        int slot = (s.hashCode() * 0x9E3779B9) >>> 7 & mask;
        String cached = recent[slot];
        if (s.equals(cached)) {
            return cached;
        }
        recent[slot] = s;
        return s;
    }
}
