package dev.flightdeck.drills.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.flightdeck.drills.DrillReport;
import dev.flightdeck.drills.DrillResult;
import dev.flightdeck.app.journal.OwnerOnlyFiles;
import dev.flightdeck.app.secrets.Redaction;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Where drills are kept, in the data directory's {@code drills/}: every report as Markdown (with its
 * chart as a PNG beside it), as a self-contained HTML page and as JSON, and one line per drill in
 * {@code results.jsonl}, appended and never rewritten (like the journal), so a team sees its trend
 * per scenario. Owner-only like the journal ({@link OwnerOnlyFiles}): directories 0700, files 0600.
 */
public final class DrillResults {

    static final ObjectMapper JSON = JsonMapper.builder().addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .disable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss'Z'")
            .withZone(ZoneOffset.UTC);

    private final Path dir;

    public DrillResults(Path dir) {
        this.dir = dir;
    }

    public Path directory() {
        return dir;
    }

    /** The files one kept report was written to. */
    public record Kept(Path markdown, Path html, Path json, Path chart) { }

    /** Writes the report's files and appends its result line; returns the files. */
    public Kept keep(DrillReport report) throws IOException {
        DrillReport r = redacted(report);
        Path reports = dir.resolve("reports");
        ownerOnlyDirectory(dir);
        ownerOnlyDirectory(reports);
        String base = NAME.format(r.started()) + "-" + r.scenarioId();
        Kept k = export(r, reports, base);
        byte[] line = (Redaction.text(JSON.writeValueAsString(DrillResult.of(r, reports.resolve(base).toString()))) + "\n")
                .getBytes(StandardCharsets.UTF_8);
        Path results = dir.resolve("results.jsonl");
        ownerOnly(results); // also one an older version left readable by others
        try (FileChannel ch = FileChannel.open(results, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ByteBuffer buf = ByteBuffer.wrap(line);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(false);
        }
        return k;
    }

    /**
     * Writes {@code base}.md (+ .png), .html and .json into {@code folder} (an export the person asked for),
     * each made from the redacted report and readable by its owner only, as the journal: a report names the
     * cluster, its nodes and gangs, and who did what. The folder itself, when the person chose it, is theirs.
     */
    public static Kept export(DrillReport report, Path folder, String base) throws IOException {
        DrillReport r = redacted(report);
        Files.createDirectories(folder);
        List<ReportBlock> blocks = ReportDocument.of(r);
        byte[] png = DrillChart.png(r, 1000, 420);
        Path chart = ownerOnly(folder.resolve(base + ".png"));
        Files.write(chart, png);
        Path md = ownerOnly(folder.resolve(base + ".md"));
        Files.writeString(md, Redaction.text(MarkdownWriter.write(blocks, chart.getFileName().toString())));
        Path html = ownerOnly(folder.resolve(base + ".html"));
        Files.writeString(html, Redaction.text(HtmlWriter.write("Drill report: " + r.title(), blocks, png)));
        Path json = ownerOnly(folder.resolve(base + ".json"));
        Files.writeString(json, Redaction.text(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(r)));
        return new Kept(md, html, json, chart);
    }

    /**
     * The report as it may leave the process: every text in it (responder output, journal lines, messages)
     * redacted, so its Markdown, HTML, JSON, chart and result line are all made from redacted values.
     */
    static DrillReport redacted(DrillReport r) throws IOException {
        return JSON.treeToValue(Redaction.json(JSON.valueToTree(r)), DrillReport.class);
    }

    /**
     * Made owner-only before anything is written into it (a rewrite keeps the mode). A file system
     * without owners or modes (FAT, some network shares) still keeps the report, as it keeps the journal.
     */
    private static Path ownerOnly(Path file) {
        try {
            OwnerOnlyFiles.file(file);
        } catch (IOException | UnsupportedOperationException e) {
            notRestricted(file, e);
        }
        return file;
    }

    private static void ownerOnlyDirectory(Path dir) throws IOException {
        try {
            OwnerOnlyFiles.directory(dir);
        } catch (IOException | UnsupportedOperationException e) {
            Files.createDirectories(dir);
            notRestricted(dir, e);
        }
    }

    private static void notRestricted(Path p, Exception e) {
        System.getLogger(DrillResults.class.getName()).log(System.Logger.Level.WARNING, p
                + " could not be made readable by its owner only: " + e.getMessage());
    }

    /** What reading the results found: the results, oldest first, and how many lines could not be read. */
    public record Read(List<DrillResult> results, int unreadableLines) { }

    /** Every kept result of {@code scenarioId} (all when null), oldest first. */
    public Read read(String scenarioId) throws IOException {
        Path file = dir.resolve("results.jsonl");
        List<DrillResult> out = new ArrayList<>();
        int bad = 0;
        if (!Files.exists(file)) {
            return new Read(out, 0);
        }
        for (String l : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (l.isBlank()) {
                continue;
            }
            try {
                DrillResult r = JSON.readValue(l, DrillResult.class);
                if (scenarioId == null || scenarioId.equals(r.scenarioId())) {
                    out.add(r);
                }
            } catch (JsonProcessingException torn) {
                bad++;
            }
        }
        return new Read(out, bad);
    }

    /** A kept report's JSON, read back (to show a past drill's report again). */
    public static DrillReport readReport(Path json) throws IOException {
        return JSON.readValue(json.toFile(), DrillReport.class);
    }
}
