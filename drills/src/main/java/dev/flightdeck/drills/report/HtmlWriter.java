package dev.flightdeck.drills.report;

import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Report blocks as one self-contained HTML page: its own small stylesheet and the chart embedded as
 * a PNG data URI, so the file can be mailed, attached to a ticket or opened offline.
 */
public final class HtmlWriter {

    private static final Pattern BOLD = Pattern.compile("\\*\\*(.+?)\\*\\*");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final String STYLE = """
            body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#1d2330}
            h1{font-size:1.6em;margin-bottom:.3em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #dde2ea;padding-bottom:.2em}
            table{border-collapse:collapse;width:100%;font-size:.92em}th,td{border:1px solid #dde2ea;padding:.3em .5em;text-align:left;vertical-align:top}
            th{background:#f3f5f9}blockquote{margin:1em 0;padding:.5em 1em;border-left:4px solid #c62828;background:#fdf3f3}
            code{background:#f3f5f9;padding:0 .2em;border-radius:3px}img{max-width:100%;border:1px solid #dde2ea}
            .outcome-RECOVERED{color:#2e7d32}.outcome-NOT{color:#c62828}.outcome-ABORTED{color:#8d6e00}
            """;

    private HtmlWriter() {
    }

    /** @param chartPng the chart, or null to leave it out */
    public static String write(String title, List<ReportBlock> blocks, byte[] chartPng) {
        StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(esc(title)).append("</title><style>").append(STYLE).append("</style></head><body>\n");
        for (ReportBlock b : blocks) {
            switch (b) {
                case ReportBlock.Heading x -> h.append("<h").append(x.level()).append('>').append(esc(x.text()))
                        .append("</h").append(x.level()).append(">\n");
                case ReportBlock.Para p -> h.append("<p>").append(inline(p.text())).append("</p>\n");
                case ReportBlock.Quote q -> h.append("<blockquote>").append(esc(q.text()).replace("\n", "<br>"))
                        .append("</blockquote>\n");
                case ReportBlock.Bullets l -> {
                    String tag = l.numbered() ? "ol" : "ul";
                    h.append('<').append(tag).append('>');
                    l.items().forEach(i -> h.append("<li>").append(inline(i)).append("</li>"));
                    h.append("</").append(tag).append(">\n");
                }
                case ReportBlock.Table t -> {
                    h.append("<table><thead><tr>");
                    t.headers().forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
                    h.append("</tr></thead><tbody>\n");
                    for (List<String> row : t.rows()) {
                        h.append("<tr>");
                        row.forEach(c -> h.append("<td>").append(esc(c)).append("</td>"));
                        h.append("</tr>\n");
                    }
                    h.append("</tbody></table>\n");
                }
                case ReportBlock.Chart c -> {
                    if (chartPng != null) {
                        h.append("<figure><img alt=\"").append(esc(c.caption())).append("\" src=\"data:image/png;base64,")
                                .append(Base64.getEncoder().encodeToString(chartPng)).append("\"><figcaption>")
                                .append(esc(c.caption())).append("</figcaption></figure>\n");
                    }
                }
            }
        }
        return h.append("</body></html>\n").toString();
    }

    /** The two Markdown marks the report's sentences use: bold (the outcome) and code (ids, commands). */
    private static String inline(String text) {
        String s = esc(text);
        Matcher b = BOLD.matcher(s);
        s = b.replaceAll(m -> Matcher.quoteReplacement("<strong class=\"outcome-" + m.group(1).split(" ")[0] + "\">"
                + m.group(1) + "</strong>"));
        return CODE.matcher(s).replaceAll("<code>$1</code>");
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
