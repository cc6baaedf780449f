package dev.flightdeck.app.diagnose.yaml;

/** The text being written and the column the next character lands in (code points, as go-yaml counts them). */
final class YamlWriter {

    private final StringBuilder text = new StringBuilder();
    private int column;

    YamlWriter put(String s) {
        s.codePoints().forEach(this::put);
        return this;
    }

    YamlWriter put(int codePoint) {
        text.appendCodePoint(codePoint);
        column = codePoint == '\n' ? 0 : column + 1;
        return this;
    }

    /** Ends the line, unless at its start already. */
    YamlWriter endLine() {
        if (column > 0) {
            put('\n');
        }
        return this;
    }

    /** A new line indented to {@code indent}: where a folded scalar goes on, or the next key or item starts. */
    YamlWriter indent(int indent) {
        endLine();
        for (int i = 0; i < indent; i++) {
            put(' ');
        }
        return this;
    }

    int column() {
        return column;
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
