package dev.flightdeck.app.diagnose.logs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Finding text in a rank's lines, as a log view's search box does: plain text without regard to case, or a regular
 * expression; the indexes of the lines that match. A pure function, cheap enough to run on every key typed (off the
 * UI thread for a long log).
 */
public final class LogSearch {

    private LogSearch() {
    }

    /** Indexes of the lines whose text contains {@code query} (any case); all of none for a blank query. */
    public static List<Integer> text(List<LogLine> lines, String query) {
        List<Integer> hits = new ArrayList<>();
        if (query == null || query.isBlank()) {
            return hits;
        }
        String q = query.toLowerCase(Locale.ROOT);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).text().toLowerCase(Locale.ROOT).contains(q)) {
                hits.add(i);
            }
        }
        return hits;
    }

    /** Indexes of the lines a regular expression finds something in. */
    public static List<Integer> regex(List<LogLine> lines, String regex) throws PatternSyntaxException {
        Pattern p = Pattern.compile(regex);
        List<Integer> hits = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (p.matcher(lines.get(i).text()).find()) {
                hits.add(i);
            }
        }
        return hits;
    }

    /** Indexes of the error lines among {@code lines}, as the summary counts them: for "next error" in a view. */
    public static List<Integer> errors(List<LogLine> lines) {
        List<Integer> hits = new ArrayList<>();
        LogScanner scanner = new LogScanner(java.util.Set.of(), 0);
        for (int i = 0; i < lines.size(); i++) {
            int before = scanner.errors().stream().mapToInt(ErrorLine::count).sum() + scanner.uncounted();
            scanner.accept(lines.get(i));
            if (scanner.errors().stream().mapToInt(ErrorLine::count).sum() + scanner.uncounted() > before) {
                hits.add(i);
            }
        }
        return hits;
    }
}
