package dev.flightdeck.drills.report;

import java.util.List;

/**
 * One block of a drill report, independent of how it is written: the same blocks become the
 * Markdown export, the HTML page and the console's text, so the three never tell different stories.
 */
public sealed interface ReportBlock {

    record Heading(int level, String text) implements ReportBlock { }

    record Para(String text) implements ReportBlock { }

    /** The operator's brief, quoted as the pager said it. */
    record Quote(String text) implements ReportBlock { }

    record Bullets(List<String> items, boolean numbered) implements ReportBlock {
        public Bullets {
            items = List.copyOf(items);
        }
    }

    record Table(List<String> headers, List<List<String>> rows) implements ReportBlock {
        public Table {
            headers = List.copyOf(headers);
            rows = rows.stream().map(List::copyOf).toList();
        }
    }

    /** Where the chart goes (the Markdown export names its PNG file; the HTML page embeds it). */
    record Chart(String caption) implements ReportBlock { }
}
