package dev.flightdeck.views.shell;

import dev.flightdeck.app.palette.PaletteEntries;
import dev.flightdeck.app.palette.PaletteEntry;
import dev.flightdeck.app.palette.Target;
import dev.flightdeck.app.palette.Verb;

import java.util.ArrayList;
import java.util.List;

/**
 * What the command palette offers and what choosing a line does: its cluster on screen (switched to at once
 * when kept open), the object opened on its screen so the person sees what is acted on, then the verb, through
 * {@link ObjectActions} — the same plan-and-confirm dialogs as the buttons.
 */
final class PaletteChoices {

    private final MainWindow window;
    private final ScreenNav screens;
    private final SessionController sessions;
    private final ClusterLinks links;
    private final ObjectActions actions;

    PaletteChoices(MainWindow window, ScreenNav screens, SessionController sessions, ClusterLinks links,
                   ObjectActions actions) {
        this.window = window;
        this.screens = screens;
        this.sessions = sessions;
        this.links = links;
        this.actions = actions;
    }

    /**
     * FX thread: what the palette reads off it, the screens offered now and the open clusters; the returned
     * supplier walks the clusters' models and is called off the FX thread.
     */
    java.util.function.Supplier<List<PaletteEntry>> lines() {
        List<PaletteEntry> shownScreens = screens.offered().stream()
                .map(s -> PaletteEntries.screen(s.id(), s.title())).toList();
        var clusters = sessions.fleet().clusters();
        return () -> {
            List<PaletteEntry> all = new ArrayList<>(shownScreens);
            all.addAll(PaletteEntries.of(clusters));
            return all;
        };
    }

    void choose(PaletteEntry e) {
        switch (e.target()) {
            case Target.Screen s -> {
                screens.show(s.screen());
                window.focusScreen();
            }
            case Target.Cluster c -> links.inCluster(c.cluster(), window::focusScreen);
            case Target.Node n -> links.inCluster(n.cluster(), () -> {
                window.openNode(n.node());
                act(e.verb(), n);
            });
            case Target.Gang g -> links.inCluster(g.cluster(), () -> {
                window.openGang(g.gang(), -1);
                act(e.verb(), g);
            });
            case Target.Rank r -> links.inCluster(r.cluster(), () -> {
                window.openGang(r.gang(), r.rank());
                act(e.verb(), r);
            });
            case Target.Command c -> { } // completed in the palette's field, never chosen
        }
    }

    private void act(Verb verb, Target t) {
        if (verb == null) {
            return;
        }
        switch (t) {
            case Target.Node n -> {
                switch (verb) {
                    case DRAIN -> actions.drain(n.node());
                    case CORDON, UNCORDON -> actions.cordon(n.node());
                    case PREFLIGHT -> actions.preflight(n.node());
                    case EVENTS -> actions.nodeEvents(n.node());
                    case YAML -> actions.nodeYaml(n.node());
                    case RESUME, LOGS -> { } // not offered for a node (Verb.appliesTo)
                }
            }
            case Target.Gang g -> {
                switch (verb) {
                    case RESUME -> actions.resume(g.gang());
                    case LOGS -> actions.logs(g.gang(), -1);
                    case EVENTS -> actions.gangEvents(g.gang());
                    case YAML -> actions.gangYaml(g.gang());
                    case DRAIN, CORDON, UNCORDON, PREFLIGHT -> { }
                }
            }
            case Target.Rank r -> {
                switch (verb) {
                    case LOGS -> actions.logs(r.gang(), r.rank());
                    case YAML -> actions.podYaml(r.gang().namespace(), r.pod());
                    default -> { }
                }
            }
            default -> { }
        }
    }
}
