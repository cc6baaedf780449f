package dev.flightdeck.sandbox.metrics;

/** The few operations the simulation needs on raw label text, which it never unescapes. */
final class Labels {

    private Labels() {
    }

    /** The labels without a trailing {@code name="..."} (the Go client always writes le and quantile last). */
    static String withoutLast(String labels, String name) {
        if (name == null) {
            return labels;
        }
        int at = labels.lastIndexOf(name + "=\"");
        if (at < 0 || (at > 0 && labels.charAt(at - 1) != ',')) {
            return labels;
        }
        return labels.substring(0, Math.max(0, at - 1));
    }

    /** The value of {@code le} as a number ({@code +Inf} included). */
    static double le(String labels) {
        String v = value(labels, "le");
        return v == null ? Double.NaN : v.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(v);
    }

    /** The raw value of one label, or null; enough for the unescaped values the simulation looks at. */
    static String value(String labels, String name) {
        String key = name + "=\"";
        int at = labels.startsWith(key) ? 0 : labels.indexOf("," + key);
        if (at < 0) {
            return null;
        }
        int start = at == 0 ? key.length() : at + 1 + key.length();
        return labels.substring(start, labels.indexOf('"', start));
    }

    /** The same labels with one value replaced (the label must be present). */
    static String with(String labels, String name, String newValue) {
        String old = value(labels, name);
        String key = name + "=\"" + old + "\"";
        int at = labels.startsWith(key) ? 0 : labels.indexOf("," + key) + 1;
        return labels.substring(0, at) + name + "=\"" + newValue + "\"" + labels.substring(at + key.length());
    }
}
