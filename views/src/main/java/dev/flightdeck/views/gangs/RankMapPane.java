package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.gangs.GangVerdict;
import dev.flightdeck.app.gangs.RankSlot;
import dev.flightdeck.app.gangs.RankState;
import dev.flightdeck.views.theme.Icons;
import dev.flightdeck.views.theme.Styles;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The selected gang's ranks: a stalled gang's finding and the broken ranks listed in words on
 * top (each broken one a link that selects it on the map), the ranks needing a look in one line,
 * the grid coloured by state or by GPU utilisation, and a legend: the count per state, or the scale.
 */
public final class RankMapPane extends VBox {

    static final int BROKEN_LISTED = 6;

    private final GangsViewModel vm;
    private final RankColourViewModel colours;
    private final Label title = new Label();
    private final Label stalled = new Label();
    private final Label utilisationNote = new Label();
    private final VBox broken = new VBox();
    /** What the broken-rank links say now, and how many ranks are broken (the links are rebuilt only when these change). */
    private List<String> brokenShown = List.of();
    private int brokenCount;
    private final Label attention = new Label();
    private final RankMapCanvas canvas;
    private final FlowPane legend = new FlowPane(14, 4);
    private final ScrollPane scroll;
    private Gang shown;

    /** A rank map without telemetry: coloured by state only (its utilisation mode says why there is none). */
    public RankMapPane(GangsViewModel vm) {
        this(vm, RankColourViewModel.withoutTelemetry(vm));
    }

    public RankMapPane(GangsViewModel vm, RankColourViewModel colours) {
        this.vm = vm;
        this.colours = colours;
        setId("rank-map");
        getStyleClass().add(Styles.RANK_MAP);
        title.getStyleClass().add(Styles.SECTION_TITLE);
        title.setId("rank-map-title");
        broken.setId("broken-ranks");
        broken.getStyleClass().add(Styles.BROKEN_RANKS);
        attention.setId("rank-attention");
        attention.setWrapText(true);
        legend.getStyleClass().add(Styles.LEGEND);
        legend.setId("rank-legend");
        stalled.setId("stalled-gang");
        stalled.getStyleClass().add("stalled-gang");
        stalled.setWrapText(true);
        stalled.setMaxWidth(Double.MAX_VALUE);
        utilisationNote.setId("rank-utilisation-note");
        utilisationNote.getStyleClass().add(Styles.MUTED);
        canvas = new RankMapCanvas(vm, colours);
        scroll = new ScrollPane(canvas);
        scroll.setId("rank-map-scroll");
        scroll.setFitToWidth(false);
        scroll.viewportBoundsProperty().addListener((o, a, b) -> canvas.setAvailableWidth(b.getWidth()));
        VBox.setVgrow(scroll, Priority.ALWAYS);
        javafx.scene.layout.Region gap = new javafx.scene.layout.Region();
        javafx.scene.layout.HBox.setHgrow(gap, Priority.ALWAYS);
        javafx.scene.layout.HBox header = new javafx.scene.layout.HBox(8, title, gap, RankColourToggle.of(colours));
        header.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        getChildren().addAll(header, stalled, broken, attention, scroll, legend);
        colours.modeProperty().addListener((o, a, m) -> {
            showStalled(shown);
            showLegend(shown);
        });
        colours.utilisationProperty().addListener((o, a, u) -> utilisationNote.setText(u.note()));
        vm.selectedLineProperty().addListener((o, a, line) -> show(line == null ? null : line.gang()));
        show(vm.selectedLineProperty().get() == null ? null : vm.selectedLineProperty().get().gang());
    }

    private void show(Gang g) {
        if (g == shown) {
            return;
        }
        shown = g;
        canvas.show(g);
        if (g == null) {
            title.setText("Rank map — select a gang");
            showStalled(null);
            setVisibleManaged(broken, false);
            setVisibleManaged(attention, false);
            legend.getChildren().clear();
            return;
        }
        title.setText("Rank map · %d ranks on %d nodes%s".formatted(g.ranks().size(), g.nodesUsed(),
                g.gpusPerRank() > 0 ? " · " + g.gpusPerRank() + (g.gpusPerRank() == 1 ? " GPU" : " GPUs") + " per rank" : ""));

        showStalled(g);

        List<RankSlot> bad = RankGroups.broken(g);
        // The same gang arrives again and again (a checkpoint read, a telemetry refresh): the links are rebuilt only
        // when what they say changed, or the one under the pointer would vanish as it is clicked.
        List<String> said = bad.stream().limit(BROKEN_LISTED).map(RankMapPane::brokenText).toList();
        if (!said.equals(brokenShown) || bad.size() != brokenCount) {
            brokenShown = said;
            brokenCount = bad.size();
            listBroken(bad);
        }
        setVisibleManaged(broken, !bad.isEmpty());

        List<RankSlot> look = RankGroups.attention(g);
        attention.setText(look.isEmpty() ? "" : "Needs a look: " + attentionText(look));
        attention.setGraphic(look.isEmpty() ? null : Icons.icon(Icons.rankState(RankState.NOT_READY), Styles.gang(
                GangVerdict.DEGRADED)));
        setVisibleManaged(attention, !look.isEmpty());

        showLegend(g);
    }

    /** The broken ranks listed in words, each a link that selects it on the map; nothing when there are none. */
    private void listBroken(List<RankSlot> bad) {
        broken.getChildren().clear();
        if (!bad.isEmpty()) {
            Label head = new Label("Broken ranks (" + bad.size() + ") — the collective is stuck until they are back",
                    Icons.icon(Icons.ERROR));
            head.getStyleClass().add(Styles.PROBLEM);
            broken.getChildren().add(head);
            for (RankSlot s : bad.subList(0, Math.min(BROKEN_LISTED, bad.size()))) {
                Hyperlink link = new Hyperlink(brokenText(s), Icons.icon(Icons.rankState(s.state())));
                link.setId("broken-rank-" + s.rank());
                link.getStyleClass().add(Styles.BROKEN_RANK);
                link.setWrapText(true);
                int rank = s.rank();
                // The rank as the gang shown now has it (the link may outlive the gang object it was made from).
                link.setOnAction(e -> vm.selectedRankProperty().set(shown == null ? s : shown.ranks().stream()
                        .filter(r -> r.rank() == rank).findFirst().orElse(s)));
                broken.getChildren().add(link);
            }
            if (bad.size() > BROKEN_LISTED) {
                broken.getChildren().add(new Label("… and " + (bad.size() - BROKEN_LISTED) + " more (crossed red squares below)"));
            }
        }
    }

    private void showLegend(Gang g) {
        legend.getChildren().clear();
        if (g == null) {
            return;
        }
        if (colours.modeProperty().get() == RankColouring.GPU_UTILISATION) {
            legend.getChildren().addAll(UtilisationLegend.items());
            legend.getChildren().add(utilisationNote);
            utilisationNote.setText(colours.utilisationProperty().get().note());
        } else {
            stateLegend(g);
        }
        Label hint = new Label("hover or click a rank for details");
        hint.getStyleClass().add(Styles.MUTED);
        legend.getChildren().add(hint);
    }

    /** Stalled: every rank runs, so the state colours are all green; it is said above the map in words. */
    private void showStalled(Gang g) {
        boolean isStalled = g != null && g.verdict() == GangVerdict.STALLED;
        setVisibleManaged(stalled, isStalled);
        if (!isStalled) {
            return;
        }
        stalled.setText("Stalled — " + (g.reasons().isEmpty() ? "every rank's GPUs idle" : g.reasons().getFirst())
                + (colours.modeProperty().get() == RankColouring.STATE ? "  (colour by GPU utilisation to see it)" : ""));
        if (stalled.getGraphic() == null) {
            stalled.setGraphic(Icons.icon(Icons.gangVerdict(GangVerdict.STALLED), Styles.gang(GangVerdict.STALLED)));
        }
    }

    private void stateLegend(Gang g) {
        Map<RankState, Integer> counts = RankGroups.counts(g);
        for (RankState st : RankState.values()) {
            Integer n = counts.get(st);
            if (n != null || st == RankState.RUNNING || st.haltsGang() && st != RankState.EVICTED) {
                Label l = new Label(st.label() + " " + (n == null ? 0 : n), RankPainter.swatch(st, false));
                l.setId("legend-" + st.name().toLowerCase(java.util.Locale.ROOT));
                legend.getChildren().add(l);
            }
        }
        long untrusted = g.ranks().stream().filter(RankSlot::onUntrustedNode).count();
        legend.getChildren().add(new Label("on untrusted node " + untrusted, RankPainter.swatch(RankState.RUNNING, true)));
    }

    /** {@code rank 5 · failed · gpu-node-037 · Error (exit 1): NCCL error…}. */
    static String brokenText(RankSlot s) {
        StringBuilder sb = new StringBuilder("rank ").append(s.rank());
        if (s.role() != null && !s.role().isEmpty()) {
            sb.append(" (").append(s.role()).append(')');
        }
        sb.append(" · ").append(s.state().label());
        sb.append(" · ").append(s.node() == null ? "no node" : s.node());
        if (s.reason() != null && !s.reason().isBlank()) {
            sb.append(" · ").append(s.reason());
        }
        return sb.toString();
    }

    /** {@code ranks 30, 31 pending · rank 13 on untrusted gpu-node-013}. */
    static String attentionText(List<RankSlot> look) {
        Map<String, List<RankSlot>> byWhat = look.stream().collect(Collectors.groupingBy(
                s -> s.state() == RankState.RUNNING && s.onUntrustedNode() ? "untrusted" : s.state().label(),
                java.util.TreeMap::new, Collectors.toList()));
        return byWhat.entrySet().stream().map(e -> {
            List<RankSlot> l = e.getValue();
            String nums = l.stream().limit(8).map(s -> String.valueOf(s.rank())).collect(Collectors.joining(", "))
                    + (l.size() > 8 ? " … (+" + (l.size() - 8) + ")" : "");
            String what = e.getKey().equals("untrusted")
                    ? "on untrusted " + (l.size() == 1 ? "node " + l.getFirst().node() : "nodes")
                    : e.getKey();
            return (l.size() == 1 ? "rank " : "ranks ") + nums + " " + what;
        }).collect(Collectors.joining(" · "));
    }

    private static void setVisibleManaged(javafx.scene.Node n, boolean on) {
        n.setVisible(on);
        n.setManaged(on);
    }

    RankMapCanvas canvas() {
        return canvas;
    }
}
