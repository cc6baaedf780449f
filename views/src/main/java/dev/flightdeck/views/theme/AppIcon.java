package dev.flightdeck.views.theme;

import javafx.scene.image.Image;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The application's icon for windows and the task bar, in the sizes assets/bin/icons renders from
 * assets/icon/flightdeck.svg (the window manager picks the one it needs).
 */
public final class AppIcon {

    static final int[] SIZES = {16, 32, 48, 64, 128, 256};

    private AppIcon() {
    }

    /** Every size found on the class path; none missing in a build, but a missing one is no reason not to start. */
    public static List<Image> sizes() {
        List<Image> out = new ArrayList<>();
        for (int n : SIZES) {
            try (InputStream in = AppIcon.class.getResourceAsStream("icons/flightdeck-" + n + ".png")) {
                if (in != null) {
                    out.add(new Image(in));
                }
            } catch (java.io.IOException e) {
                // skip this size
            }
        }
        return out;
    }
}
