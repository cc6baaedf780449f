package dev.flightdeck.app.diagnose.yaml;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * How {@code kubectl get -o yaml} writes a string — go-yaml v2 (libyaml's emitter) with kubectl's settings: plain when
 * it reads back as the same string; double-quoted when plain would read as something else (a number, a boolean,
 * {@code null}, a timestamp: {@code "8"}, {@code "true"}, {@code "y"}, {@code "2026-11-25T10:00:00Z"}); single-quoted
 * when an indicator forbids plain ({@code '*'}, {@code 'a: b'}); a literal block ({@code |}) for several lines; and
 * long values folded at a space past column 80. Quoting more than go-yaml would is harmless; quoting less is not,
 * so where the rules are approximated (timestamps) they err towards quotes.
 */
final class YamlScalars {

    static final int WIDTH = 80;

    /** Plain words YAML 1.1 (go-yaml) reads as booleans, null, infinities or a merge key. */
    private static final Set<String> RESERVED = Set.of("y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
            "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
            "~", "null", "Null", "NULL", ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF",
            "-.inf", "-.Inf", "-.INF", "<<", "");
    private static final Pattern INT = Pattern.compile("[-+]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|[0-9]+)");
    private static final Pattern FLOAT = Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");
    private static final Pattern BASE60 = Pattern.compile("[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\\.[0-9_]*)?");
    private static final Pattern TIMESTAMP = Pattern.compile("[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?");

    private YamlScalars() {
    }

    /** Writes {@code s} where the writer stands; {@code indent} is where a folded or block value's lines go on. */
    static void write(YamlWriter out, String s, int indent, boolean key) {
        Analysis a = Analysis.of(s);
        if (readsAsAnotherType(s)) {
            doubleQuoted(out, s, indent, !key);
        } else if (a.lineBreaks && !key && a.blockAllowed && !a.otherBreaks) {
            literal(out, s, indent);
        } else if (!a.lineBreaks && a.plainAllowed) {
            plain(out, s, indent, !key);
        } else if (!a.lineBreaks && a.singleQuotedAllowed) {
            singleQuoted(out, s, indent, !key);
        } else {
            doubleQuoted(out, s, indent, !key);
        }
    }

    /** What go-yaml's resolver would read a plain {@code s} as, when not a string. */
    static boolean readsAsAnotherType(String s) {
        if (RESERVED.contains(s)) {
            return true;
        }
        char c = s.charAt(0);
        if (c == '.' ) {
            return FLOAT.matcher(s).matches();
        }
        if (!(c == '+' || c == '-' || c >= '0' && c <= '9')) {
            return false;
        }
        String plain = s.replace("_", "");
        return TIMESTAMP.matcher(s).matches() || INT.matcher(plain).matches() || FLOAT.matcher(plain).matches()
                || plain.startsWith("-0b") || BASE60.matcher(s).matches();
    }

    private static void plain(YamlWriter out, String s, int indent, boolean mayFold) {
        int[] cps = s.codePoints().toArray();
        boolean spaces = false;
        for (int i = 0; i < cps.length; i++) {
            if (cps[i] == ' ') {
                if (mayFold && !spaces && out.column() > WIDTH && i + 1 < cps.length && cps[i + 1] != ' ') {
                    out.indent(indent);
                } else {
                    out.put(' ');
                }
                spaces = true;
            } else {
                out.put(cps[i]);
                spaces = false;
            }
        }
    }

    private static void singleQuoted(YamlWriter out, String s, int indent, boolean mayFold) {
        int[] cps = s.codePoints().toArray();
        out.put('\'');
        boolean spaces = false;
        for (int i = 0; i < cps.length; i++) {
            if (cps[i] == ' ') {
                if (mayFold && !spaces && out.column() > WIDTH && i > 0 && i < cps.length - 1 && cps[i + 1] != ' ') {
                    out.indent(indent);
                } else {
                    out.put(' ');
                }
                spaces = true;
            } else {
                if (cps[i] == '\'') {
                    out.put('\'');
                }
                out.put(cps[i]);
                spaces = false;
            }
        }
        out.put('\'');
    }

    private static void doubleQuoted(YamlWriter out, String s, int indent, boolean mayFold) {
        int[] cps = s.codePoints().toArray();
        out.put('"');
        boolean spaces = false;
        for (int i = 0; i < cps.length; i++) {
            int c = cps[i];
            if (!Analysis.printable(c) || c == 0xFEFF || Analysis.isBreak(c) || c == '"' || c == '\\') {
                out.put('\\').put(escape(c));
                spaces = false;
            } else if (c == ' ') {
                if (mayFold && !spaces && out.column() > WIDTH && i > 0 && i < cps.length - 1) {
                    out.indent(indent);
                    if (cps[i + 1] == ' ') {
                        out.put('\\'); // the next space would be taken for indentation: escaped, it stays
                    }
                } else {
                    out.put(' ');
                }
                spaces = true;
            } else {
                out.put(c);
                spaces = false;
            }
        }
        out.put('"');
    }

    private static String escape(int c) {
        return switch (c) {
            case 0 -> "0";
            case 7 -> "a";
            case 8 -> "b";
            case 9 -> "t";
            case 0x0A -> "n";
            case 0x0B -> "v";
            case 0x0C -> "f";
            case 0x0D -> "r";
            case 0x1B -> "e";
            case '"' -> "\"";
            case '\\' -> "\\";
            // go-yaml writes \N, \L and \P; YAML 1.2 readers do not all know them (snakeyaml-engine 3 does not).
            default -> c <= 0xFF ? String.format("x%02X", c) : c <= 0xFFFF ? String.format("u%04X", c)
                    : String.format("U%08X", c);
        };
    }

    /**
     * {@code |} with go-yaml's hints — {@code 2} when the first line starts with a space (else its indentation
     * would be taken for the block's), {@code -} without a final line break, {@code +} with more than one — then
     * each line at {@code indent}, empty lines left empty.
     */
    private static void literal(YamlWriter out, String s, int indent) {
        out.put('|');
        if (s.charAt(0) == ' ' || s.charAt(0) == '\n') {
            out.put('2');
        }
        if (!s.endsWith("\n")) {
            out.put('-');
        } else if (s.length() == 1 || s.charAt(s.length() - 2) == '\n') {
            out.put('+');
        }
        out.put('\n');
        boolean atLineStart = true;
        for (int c : s.codePoints().toArray()) {
            if (c == '\n') {
                out.put('\n');
                atLineStart = true;
            } else {
                if (atLineStart) {
                    out.indent(indent);
                    atLineStart = false;
                }
                out.put(c);
            }
        }
    }

    /** libyaml's analysis of a scalar: which styles can carry it unchanged. */
    private record Analysis(boolean lineBreaks, boolean otherBreaks, boolean plainAllowed, boolean singleQuotedAllowed,
                            boolean blockAllowed) {

        static Analysis of(String s) {
            int[] cps = s.codePoints().toArray();
            if (cps.length == 0) {
                return new Analysis(false, false, false, true, false);
            }
            boolean indicators = s.startsWith("---") || s.startsWith("...");
            boolean special = false;
            boolean lineBreaks = false;
            boolean otherBreaks = false;
            boolean leadingSpace = false;
            boolean trailingSpace = false;
            boolean leadingBreak = false;
            boolean trailingBreak = false;
            boolean breakSpace = false;
            boolean spaceBreak = false;
            boolean previousSpace = false;
            boolean previousBreak = false;
            boolean precededByWhitespace = true;
            for (int i = 0; i < cps.length; i++) {
                int c = cps[i];
                boolean followedByWhitespace = i + 1 >= cps.length || blank(cps[i + 1]);
                if (i == 0) {
                    indicators |= "#,[]{}&*!|>'\"%@`".indexOf(c) >= 0
                            || (c == '?' || c == ':' || c == '-') && followedByWhitespace;
                } else {
                    indicators |= c == ':' && followedByWhitespace || c == '#' && precededByWhitespace;
                }
                special |= !printable(c) || c == 0xFEFF;
                if (isBreak(c)) {
                    lineBreaks = true;
                    otherBreaks |= c != '\n'; // \r, NEL, LS, PS: a reader would fold them into \n; escaped instead
                    leadingBreak |= i == 0;
                    trailingBreak |= i == cps.length - 1;
                    spaceBreak |= previousSpace;
                    previousBreak = true;
                    previousSpace = false;
                } else if (c == ' ') {
                    leadingSpace |= i == 0;
                    trailingSpace |= i == cps.length - 1;
                    breakSpace |= previousBreak;
                    previousSpace = true;
                    previousBreak = false;
                } else {
                    previousSpace = false;
                    previousBreak = false;
                }
                precededByWhitespace = blank(c);
            }
            boolean plain = !(leadingSpace || leadingBreak || trailingSpace || trailingBreak || breakSpace || spaceBreak
                    || special || lineBreaks || indicators);
            boolean single = !(breakSpace || spaceBreak || special);
            boolean block = !(trailingSpace || spaceBreak || special);
            return new Analysis(lineBreaks, otherBreaks, plain, single, block);
        }

        static boolean isBreak(int c) {
            return c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029;
        }

        static boolean blank(int c) {
            return c == ' ' || c == '\t' || isBreak(c);
        }

        /** YAML's printable set (tab is not in it: go-yaml escapes it). */
        static boolean printable(int c) {
            return c == 0x0A || c >= 0x20 && c <= 0x7E || c == 0x85 || c >= 0xA0 && c <= 0xD7FF
                    || c >= 0xE000 && c <= 0xFFFD && c != 0xFEFF || c >= 0x10000 && c <= 0x10FFFF;
        }
    }
}
