package dev.flightdeck.app.layout;

import dev.flightdeck.app.layout.WindowLayout.Bounds;

import java.util.Comparator;
import java.util.List;

/**
 * Puts a remembered window back where a person can reach it. Monitors come and go (a laptop undocked, a projector
 * unplugged): a window saved on a screen that is gone would open where nobody sees it. The window goes back to the
 * screen it overlaps most, shrunk to fit it and moved wholly onto it; when it overlaps none, onto the first (primary)
 * screen, centred.
 */
public final class ScreenFit {

    private ScreenFit() {
    }

    /** @param screens the visual bounds of each screen (without task bars), the primary first; never empty */
    public static Bounds fit(Bounds saved, List<Bounds> screens) {
        if (screens.isEmpty()) {
            return saved;
        }
        Bounds best = screens.stream().max(Comparator.comparingDouble(saved::overlap)).orElseThrow();
        boolean lost = saved.overlap(best) == 0;
        Bounds screen = lost ? screens.getFirst() : best;
        double w = Math.min(saved.width(), screen.width());
        double h = Math.min(saved.height(), screen.height());
        if (lost) {
            return new Bounds(screen.x() + (screen.width() - w) / 2, screen.y() + (screen.height() - h) / 2, w, h);
        }
        double x = clamp(saved.x(), screen.x(), screen.right() - w);
        double y = clamp(saved.y(), screen.y(), screen.bottom() - h);
        return new Bounds(x, y, w, h);
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(v, hi));
    }
}
