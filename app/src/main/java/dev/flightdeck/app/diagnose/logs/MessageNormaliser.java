package dev.flightdeck.app.diagnose.logs;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The message of an error line with what differs between ranks taken out, so the same error on 500 ranks is one
 * message with 500 ranks: prefixes ({@link LinePrefixes}: rank tags, timestamps, glog and NCCL headers), host names
 * the caller knows (the gang's nodes and pods) and NCCL's {@code host<port>} peers, IP addresses, hex addresses,
 * PIDs, sequence numbers and durations. A few errors get their canonical short form, as an SRE would say them:
 * {@code NCCL error: unhandled system error}, {@code Watchdog caught collective operation timeout},
 * {@code NVRM: Xid 79: GPU has fallen off the bus}, {@code torch.OutOfMemoryError: CUDA out of memory}.
 */
public final class MessageNormaliser {

    /** Messages are compared whole; beyond this they are the same error said at length. */
    static final int MAX_CHARS = 240;

    private static final Pattern NCCL_ERROR_IN = Pattern.compile("NCCL error in: [^,]*, (.+?)(?: \\(run with NCCL_DEBUG.*| ?, NCCL version.*|$)");
    private static final Pattern NCCL_WARN = Pattern.compile("NCCL WARN (.*)");
    private static final Pattern XID = Pattern.compile("Xid \\(PCI:[^)]*\\): (\\d+),\\s*(?:pid=[^,]*,\\s*)?(?:name=[^,]*,\\s*)?(.*)");
    private static final Pattern OOM = Pattern.compile("^(?:(?:[\\w.]+\\.)?\\w*(?:Error|Exception): )?.*?CUDA out of memory");
    private static final Pattern WATCHDOG = Pattern.compile("Watchdog caught collective operation timeout");
    private static final Pattern PEER = Pattern.compile("[\\w.-]+<\\d+>");
    private static final Pattern IPV4 = Pattern.compile("\\b\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d+)?\\b");
    private static final Pattern IPV6 = Pattern.compile("\\[[0-9a-fA-F:]+](?::\\d+)?");
    private static final Pattern HEX = Pattern.compile("\\b0x[0-9a-fA-F]+\\b");
    private static final Pattern PCI = Pattern.compile("\\b[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}(?:\\.[0-9a-fA-F])?\\b");
    private static final Pattern PID = Pattern.compile("\\b(pid|tid|PID|TID)[=: ]+\\d+");
    private static final Pattern KEY_NUMBER = Pattern.compile("\\b(SeqNum|NumelIn|NumelOut|work|Work|opId|seq|step|iteration)([=: ]+)\\d+");
    private static final Pattern DURATION = Pattern.compile("\\b\\d+(?:\\.\\d+)?\\s*(ms|milliseconds|seconds|s|sec)\\b");
    private static final Pattern LONG_NUMBER = Pattern.compile("\\b\\d{4,}\\b");
    private static final Pattern SIZE = Pattern.compile("\\b\\d+(?:\\.\\d+)? ?([KMGT]i?B|bytes)\\b");
    private static final Pattern UUID = Pattern.compile("\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b");
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9][\\w.-]*[A-Za-z0-9]");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private MessageNormaliser() {
    }

    /** The message of {@code line}, a line of kind {@code kind}, with {@code hosts} (node and pod names) taken out. */
    public static String normalise(ErrorKind kind, String line, Set<String> hosts) {
        String s = LinePrefixes.strip(line);
        s = canonical(kind, s);
        s = PEER.matcher(s).replaceAll("<peer>");
        if (!hosts.isEmpty()) {
            // Word by word, not name by name: a gang of 1,024 ranks knows 2,048 names.
            Matcher words = WORD.matcher(s);
            StringBuilder b = new StringBuilder(s.length());
            while (words.find()) {
                words.appendReplacement(b, hosts.contains(words.group()) ? "<host>" : Matcher.quoteReplacement(words.group()));
            }
            s = words.appendTail(b).toString();
        }
        s = IPV6.matcher(s).replaceAll("<address>");
        s = IPV4.matcher(s).replaceAll("<address>");
        s = UUID.matcher(s).replaceAll("<uuid>");
        s = HEX.matcher(s).replaceAll("0x…");
        s = PCI.matcher(s).replaceAll("<pci>");
        s = PID.matcher(s).replaceAll("$1=…");
        s = KEY_NUMBER.matcher(s).replaceAll("$1$2…");
        s = SIZE.matcher(s).replaceAll("… $1");
        s = DURATION.matcher(s).replaceAll("… $1");
        s = LONG_NUMBER.matcher(s).replaceAll("…");
        s = SPACES.matcher(s).replaceAll(" ").strip();
        if (s.endsWith(".") && kind != ErrorKind.EXITED) {
            s = s.substring(0, s.length() - 1);
        }
        return s.length() > MAX_CHARS ? s.substring(0, MAX_CHARS) + "…" : s;
    }

    /** The short form SREs use for the errors that have one; other lines as they are. */
    private static String canonical(ErrorKind kind, String s) {
        Matcher m;
        switch (kind) {
            case NCCL -> {
                if ((m = NCCL_ERROR_IN.matcher(s)).find()) {
                    return "NCCL error: " + m.group(1).strip();
                }
                if ((m = NCCL_WARN.matcher(s)).find()) {
                    return "NCCL WARN " + m.group(1).strip();
                }
            }
            case XID -> {
                if ((m = XID.matcher(s)).find()) {
                    String rest = m.group(2).strip();
                    return "NVRM: Xid " + m.group(1) + (rest.isEmpty() ? "" : ": " + rest);
                }
            }
            case CUDA_OOM -> {
                if ((m = OOM.matcher(s)).find()) {
                    return m.group();
                }
            }
            case COLLECTIVE_TIMEOUT -> {
                if (WATCHDOG.matcher(s).find()) {
                    return "Watchdog caught collective operation timeout";
                }
            }
            default -> {
                // as it is
            }
        }
        return s;
    }
}
