package dev.flightdeck.app.watch;

/** A value from a server, quoted for a message: at most 60 characters, control characters escaped. */
final class Shown {

    private static final int MAX = 60;

    private Shown() {
    }

    /** A field name as it is when it looks like one (letters, digits, . / - _), else quoted and cut. */
    static String quotedIfOdd(String name) {
        return name.length() <= 63 && name.matches("[A-Za-z0-9./_-]+") ? name : quoted(name);
    }

    static String quoted(String value) {
        StringBuilder b = new StringBuilder("\"");
        int n = Math.min(value.length(), MAX);
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            b.append(Character.isISOControl(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        if (value.length() > MAX) {
            b.append("…\" (").append(value.length()).append(" characters)");
        } else {
            b.append('"');
        }
        return b.toString();
    }
}
