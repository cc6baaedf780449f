package dev.flightdeck.drills.report;

import java.util.List;

/** Report blocks as Markdown (GitHub's flavour: pipe tables), for pasting into a postmortem or a ticket. */
public final class MarkdownWriter {

    private MarkdownWriter() {
    }

    /** @param chartFile the chart's PNG beside the Markdown file, or null to leave the chart out */
    public static String write(List<ReportBlock> blocks, String chartFile) {
        StringBuilder md = new StringBuilder();
        for (ReportBlock b : blocks) {
            switch (b) {
                case ReportBlock.Heading h -> md.append("#".repeat(h.level())).append(' ').append(h.text()).append("\n\n");
                case ReportBlock.Para p -> md.append(p.text()).append("\n\n");
                case ReportBlock.Quote q -> q.text().lines().forEach(l -> md.append("> ").append(l).append('\n'));
                case ReportBlock.Bullets l -> {
                    int i = 1;
                    for (String item : l.items()) {
                        md.append(l.numbered() ? i++ + ". " : "- ").append(item.replace("\n", " ")).append('\n');
                    }
                    md.append('\n');
                }
                case ReportBlock.Table t -> {
                    md.append("| ").append(String.join(" | ", t.headers().stream().map(MarkdownWriter::cell).toList()))
                            .append(" |\n|").append("---|".repeat(t.headers().size())).append('\n');
                    for (List<String> row : t.rows()) {
                        md.append("| ").append(String.join(" | ", row.stream().map(MarkdownWriter::cell).toList()))
                                .append(" |\n");
                    }
                    md.append('\n');
                }
                case ReportBlock.Chart c -> {
                    md.append(chartFile != null ? "![" + c.caption() + "](" + chartFile + ")"
                            : "(The chart is in the HTML report, and beside the kept Markdown file.)").append("\n\n");
                }
            }
            if (b instanceof ReportBlock.Quote) {
                md.append('\n');
            }
        }
        return md.toString();
    }

    /** Table cells cannot hold pipes or line breaks. */
    static String cell(String s) {
        return s == null ? "" : s.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ");
    }
}
