package dev.flightdeck.views.theme;

import javafx.scene.paint.Color;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A look's colours by name ({@code -fd-rank-running}, {@code -fx-base}, ...), read from its stylesheet: the CSS
 * styles what CSS can reach, and what is drawn in Java (the rank map's canvas, the charts, the sparklines) asks
 * here for the same colours, so a theme is one file and both agree.
 */
public final class Palette {

    /** One declaration {@code -name: value;}, the value a colour or another name. */
    private static final Pattern DECLARATION = Pattern.compile("(-f[dx]-[a-z0-9-]+)\\s*:\\s*([^;{}]+?)\\s*;");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/", Pattern.DOTALL);

    private static final Map<Look, Palette> READ = new java.util.EnumMap<>(Look.class);

    private final Map<String, String> values;

    private Palette(Map<String, String> values) {
        this.values = values;
    }

    /** The palette of {@code look}, read once. */
    public static synchronized Palette of(Look look) {
        return READ.computeIfAbsent(look, l -> parse(read(l.file())));
    }

    /** The declarations of a theme stylesheet, in order; a value naming another declaration is left as that name. */
    public static Palette parse(String css) {
        Map<String, String> values = new LinkedHashMap<>();
        Matcher m = DECLARATION.matcher(COMMENT.matcher(css).replaceAll(""));
        while (m.find()) {
            values.put(m.group(1), m.group(2));
        }
        return new Palette(values);
    }

    private static String read(String file) {
        try (InputStream in = Palette.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("no theme stylesheet " + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every name this palette declares. */
    public java.util.Set<String> names() {
        return values.keySet();
    }

    /** The colour {@code name} stands for (following names that name names); a name not declared is a bug, said loudly. */
    public Color color(String name) {
        String v = values.get(name);
        for (int hops = 0; v != null && v.startsWith("-") && hops < 8; hops++) {
            v = values.get(v);
        }
        if (v == null) {
            throw new IllegalArgumentException("the theme declares no colour " + name);
        }
        return Color.web(v);
    }

    /** The same colour for Java2D (the pressure charts are JFreeChart's). */
    public java.awt.Color awt(String name) {
        Color c = color(name);
        return new java.awt.Color((float) c.getRed(), (float) c.getGreen(), (float) c.getBlue(), (float) c.getOpacity());
    }
}
