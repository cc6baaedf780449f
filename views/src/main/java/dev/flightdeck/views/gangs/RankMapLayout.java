package dev.flightdeck.views.gangs;

import dev.flightdeck.app.gangs.RankSlot;

import java.util.ArrayList;
import java.util.List;

/**
 * Where each rank's cell goes, as pure arithmetic (tested without a scene). Ranks sharing a
 * node sit side by side in one block (up to {@link #MAX_BLOCK} wide); blocks flow left to
 * right and wrap. With one rank per node the map is a plain grid in rank order. Up to
 * {@link #LARGE_UP_TO} ranks the cells are big enough to carry their rank number.
 */
public record RankMapLayout(List<Cell> cells, List<RowLabel> rowLabels, List<Block> blocks, double cellSize,
                            boolean numbered, double width, double height) {

    public static final int LARGE_UP_TO = 128;
    public static final int MAX_BLOCK = 16;
    public static final double LABEL_WIDTH = 44;

    /** One rank's square. */
    public record Cell(RankSlot slot, double x, double y) {
    }

    /** Lowest rank on a grid row, drawn at its left. */
    public record RowLabel(String text, double y) {
    }

    /** The outline of one node's ranks (only drawn when nodes hold more than one rank). */
    public record Block(String node, double x, double y, double w, double h) {
    }

    public static RankMapLayout of(List<List<RankSlot>> groups, double availableWidth) {
        int total = groups.stream().mapToInt(List::size).sum();
        boolean numbered = total <= LARGE_UP_TO;
        double cell = numbered ? 30 : 16;
        double gap = numbered ? 4 : 3;
        double pitch = cell + gap;
        int widest = groups.stream().mapToInt(List::size).max().orElse(1);
        int blockCols = Math.min(Math.max(widest, 1), MAX_BLOCK);
        double blockGap = blockCols > 1 ? 8 : 0;
        double usable = Math.max(availableWidth - LABEL_WIDTH - 8, pitch * blockCols);

        int blocksPerRow;
        if (blockCols == 1) {
            // A plain grid: columns in multiples of 8 so rank numbers line up, at most 32.
            int cols = (int) Math.floor(usable / pitch);
            cols = Math.max(8, Math.min(32, cols - cols % 8));
            blocksPerRow = cols;
        } else {
            blocksPerRow = Math.max(1, (int) Math.floor((usable + blockGap) / (blockCols * pitch + blockGap)));
        }
        double blockW = blockCols * pitch - gap;

        List<Cell> cells = new ArrayList<>(total);
        List<RowLabel> labels = new ArrayList<>();
        List<Block> blocks = new ArrayList<>();
        double y = 0;
        int col = 0;
        int rowHeightCells = 1;
        int rowStartLowest = -1;
        for (List<RankSlot> g : groups) {
            int rowsInBlock = (g.size() + blockCols - 1) / blockCols;
            if (col == blocksPerRow) {
                labels.add(new RowLabel(String.valueOf(rowStartLowest), y));
                y += rowHeightCells * pitch + (blockCols > 1 ? 6 : 0);
                col = 0;
                rowHeightCells = 1;
                rowStartLowest = -1;
            }
            double bx = LABEL_WIDTH + col * (blockCols * pitch + blockGap);
            for (int i = 0; i < g.size(); i++) {
                RankSlot s = g.get(i);
                cells.add(new Cell(s, bx + (i % blockCols) * pitch, y + (double) (i / blockCols) * pitch));
                if (rowStartLowest < 0 || s.rank() < rowStartLowest) {
                    rowStartLowest = s.rank();
                }
            }
            if (blockCols > 1) {
                blocks.add(new Block(g.getFirst().node(), bx - 2, y - 2, blockW + 4, rowsInBlock * pitch - gap + 4));
            }
            rowHeightCells = Math.max(rowHeightCells, rowsInBlock);
            col++;
        }
        if (col > 0) {
            labels.add(new RowLabel(String.valueOf(rowStartLowest), y));
            y += rowHeightCells * pitch;
        }
        double width = LABEL_WIDTH + blocksPerRow * (blockCols * pitch + blockGap) + 4;
        return new RankMapLayout(List.copyOf(cells), List.copyOf(labels), List.copyOf(blocks), cell, numbered,
                width, Math.max(y + 4, cell + 4));
    }

    /** The rank under a point, or null. */
    public RankSlot at(double x, double y) {
        for (Cell c : cells) {
            if (x >= c.x() && x < c.x() + cellSize && y >= c.y() && y < c.y() + cellSize) {
                return c.slot();
            }
        }
        return null;
    }
}
