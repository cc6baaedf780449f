package dev.flightdeck.app.queues.teams;

import dev.flightdeck.app.nodes.GpuNode;
import dev.flightdeck.app.gangs.Gang;
import dev.flightdeck.app.settings.TeamKey;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The teams section of {@code flightdeck check}, printed only when the cluster's settings name a team key: a head
 * line, a column header, one line per team ({@link NodeTeams#NO_TEAM} last), and a line for the gangs no team's
 * nodes hold. Stable columns for scripts, as the other sections; nothing here changes the lines before it.
 * <pre>
 * teams by example.com/team: 2 teams, 1 node with no team
 * team        nodes  gpus  usable  allocated  free  gangs running  gangs waiting  gangs queued
 * alpha           3    24      15          7     8              1              0             2
 * </pre>
 */
public final class TeamReport {

    private static final String[] HEADS = {"nodes", "gpus", "usable", "allocated", "free", "gangs running",
            "gangs waiting", "gangs queued"};

    private TeamReport() {
    }

    /** The section for {@code check}: none when the cluster's settings name no team key. */
    public static List<String> section(TeamKey key, List<GpuNode> nodes, List<Gang> gangs,
                                       dev.flightdeck.app.queues.QueuesSnapshot queues) {
        return key == null ? List.of() : lines(TeamTable.of(key, nodes, gangs, queues));
    }

    public static List<String> lines(TeamTable table) {
        List<String> out = new ArrayList<>();
        long teams = table.rows().stream().filter(r -> !r.noTeam()).count();
        TeamRow none = table.row(NodeTeams.NO_TEAM);
        StringBuilder head = new StringBuilder("teams by ").append(table.key().key()).append(": ")
                .append(teams).append(teams == 1 ? " team" : " teams");
        if (none != null) {
            head.append(", ").append(none.nodes()).append(none.nodes() == 1 ? " node" : " nodes").append(" with no team");
        }
        out.add(head.toString());
        int width = Math.max("team".length(), table.rows().stream().mapToInt(r -> r.team().length()).max().orElse(0));
        List<String[]> figures = new ArrayList<>();
        // Each column as wide as its header or its widest figure (20000 GPUs outgrow "gpus"), figures right-aligned.
        int[] widths = new int[HEADS.length];
        for (int i = 0; i < HEADS.length; i++) {
            widths[i] = HEADS[i].length();
        }
        for (TeamRow r : table.rows()) {
            int[] values = {r.nodes(), r.gpusTotal(), r.gpusUsable(), r.gpusAllocated(), r.gpusFree(), r.gangsRunning(),
                    r.gangsWaiting(), r.gangsQueued()};
            String[] shown = new String[values.length];
            for (int i = 0; i < values.length; i++) {
                shown[i] = String.format(Locale.ROOT, "%d", values[i]);
                widths[i] = Math.max(widths[i], shown[i].length());
            }
            figures.add(shown);
        }
        StringBuilder columns = new StringBuilder(pad("team", width));
        for (int i = 0; i < HEADS.length; i++) {
            columns.append("  ").append(" ".repeat(widths[i] - HEADS[i].length())).append(HEADS[i]);
        }
        out.add(columns.toString());
        for (int row = 0; row < figures.size(); row++) {
            StringBuilder line = new StringBuilder(pad(table.rows().get(row).team(), width));
            String[] shown = figures.get(row);
            for (int i = 0; i < shown.length; i++) {
                line.append("  ").append(" ".repeat(widths[i] - shown[i].length())).append(shown[i]);
            }
            out.add(line.toString());
        }
        if (table.gangsOnNoNode() > 0) {
            out.add(table.gangsOnNoNode() + (table.gangsOnNoNode() == 1 ? " gang has" : " gangs have")
                    + " no rank on a GPU node yet, so no team's row counts it");
        }
        return out;
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
