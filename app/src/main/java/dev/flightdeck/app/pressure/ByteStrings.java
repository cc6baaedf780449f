package dev.flightdeck.app.pressure;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Strings from byte ranges, each distinct ASCII text made once per parse. Label names and
 * most label values repeat thousands of times in a body ({@code verb="GET"}), so the kept
 * samples share their strings instead of holding a copy each. Non-ASCII text is decoded
 * strictly as UTF-8 (the format requires it) and not pooled, since it is rare.
 * One instance per parse: not thread-safe.
 */
final class ByteStrings {

    private String[] table = new String[1024];
    private int size;

    /** The text of bytes [from, to), or null when they are not valid UTF-8. */
    String get(byte[] b, int from, int to) {
        int hash = 0;
        for (int i = from; i < to; i++) {
            if (b[i] < 0) {
                return decodeUtf8(b, from, to);
            }
            hash = 31 * hash + b[i];
        }
        int mask = table.length - 1;
        for (int slot = mix(hash) & mask; ; slot = (slot + 1) & mask) {
            String existing = table[slot];
            if (existing == null) {
                String made = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
                table[slot] = made;
                if (++size * 2 > table.length) {
                    grow();
                }
                return made;
            }
            if (sameText(existing, b, from, to)) {
                return existing;
            }
        }
    }

    private static boolean sameText(String text, byte[] b, int from, int to) {
        if (text.length() != to - from) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (text.charAt(i - from) != b[i]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        String[] old = table;
        table = new String[old.length * 2];
        int mask = table.length - 1;
        for (String text : old) {
            if (text != null) {
                int slot = mix(text.hashCode()) & mask; // String.hashCode of ASCII == the hash above
                while (table[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                table[slot] = text;
            }
        }
    }

    private static int mix(int hash) {
        return hash ^ (hash >>> 16);
    }

    private static String decodeUtf8(byte[] b, int from, int to) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, from, to - from)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
