package dev.flightdeck.app.launch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code flightdeck logs NS/GANG [--rank N[,M…]] [--tail N] [--previous] [--since 10m] [--follow] [--timestamps]},
 * or {@code logs NS/POD} for any pod: its own flags, taken out of the command line before the common ones
 * ({@code --context}, {@code --sandbox} …) are read by {@link LaunchOptions#parse}.
 *
 * @param ranks empty for the gang's summary; the ranks to show (or follow) otherwise
 * @param tail  lines per rank (and the summary's troubled ranks), null for the default (200)
 * @param since only lines from the last this long, or null
 */
public record LogsRequest(String namespace, String name, List<Integer> ranks, Integer tail, boolean previous,
                          Duration since, boolean follow, boolean timestamps) {

    /** At most this many ranks followed at once ("one or a few"), as the console's log requests allow. */
    public static final int MAX_FOLLOWED = 8;

    /** Flags of the common command line that take a value: a "logs" after one of them is that value. */
    private static final Set<String> VALUE_FLAGS = Set.of("--kubeconfig", "--context", "--sandbox-nodes", "--step", "--check",
            "--timeout", "--confirm", "--reason", "--responder", "--pace", "--run");
    private static final Pattern DURATION = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?");

    public LogsRequest {
        ranks = List.copyOf(ranks);
    }

    /** {@code NS/NAME}. */
    public String target() {
        return namespace + "/" + name;
    }

    /** The command line without the logs command and its flags, and the request they made. */
    public record Extracted(LogsRequest request, String[] rest) { }

    /** The logs request on {@code args}, or null when its command is not {@code logs}. */
    public static Extracted extract(String[] args) throws UsageException {
        int at = commandIndex(args);
        if (at < 0 || !args[at].equals("logs")) {
            return null;
        }
        List<String> rest = new ArrayList<>(List.of(args).subList(0, at));
        if (at + 1 >= args.length || args[at + 1].startsWith("-")) {
            throw new UsageException("logs needs NAMESPACE/GANG or NAMESPACE/POD, e.g. logs training/llm-pretrain");
        }
        String target = args[at + 1];
        int slash = target.indexOf('/');
        if (slash <= 0 || slash == target.length() - 1 || target.indexOf('/', slash + 1) >= 0) {
            throw new UsageException("logs takes NAMESPACE/GANG or NAMESPACE/POD, not '" + target + "'");
        }
        List<Integer> ranks = List.of();
        Integer tail = null;
        boolean previous = false;
        Duration since = null;
        boolean follow = false;
        boolean timestamps = false;
        for (int i = at + 2; i < args.length; i++) {
            String a = args[i];
            String inline = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                inline = a.substring(eq + 1);
                a = a.substring(0, eq);
            }
            switch (a) {
                case "--rank" -> ranks = ranks(inline != null ? inline : value(args, ++i, a));
                case "--tail" -> tail = tail(inline != null ? inline : value(args, ++i, a));
                case "--since" -> since = since(inline != null ? inline : value(args, ++i, a));
                case "--previous", "-p" -> previous = true;
                case "--follow", "-f" -> follow = true;
                case "--timestamps" -> timestamps = true;
                default -> rest.add(args[i]);
            }
        }
        if (follow && previous) {
            throw new UsageException("--follow streams a running container; --previous is a run that ended: give one of them");
        }
        if (follow && ranks.size() > MAX_FOLLOWED) {
            throw new UsageException("--follow streams at most " + MAX_FOLLOWED + " ranks at once, not " + ranks.size());
        }
        return new Extracted(new LogsRequest(target.substring(0, slash), target.substring(slash + 1), ranks, tail, previous,
                since, follow, timestamps), rest.toArray(String[]::new));
    }

    /** Where the command word is: the first argument that is neither a flag nor a flag's value. */
    private static int commandIndex(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-")) {
                return i;
            }
            if (VALUE_FLAGS.contains(a)) {
                i++;
            }
        }
        return -1;
    }

    private static String value(String[] args, int i, String flag) throws UsageException {
        if (i >= args.length || args[i].startsWith("--")) {
            throw new UsageException(flag + " needs a value");
        }
        return args[i];
    }

    private static List<Integer> ranks(String v) throws UsageException {
        List<Integer> out = new ArrayList<>();
        for (String part : v.split(",")) {
            try {
                int r = Integer.parseInt(part.trim());
                if (r < 0) {
                    throw new NumberFormatException();
                }
                if (!out.contains(r)) {
                    out.add(r);
                }
            } catch (NumberFormatException e) {
                throw new UsageException("--rank needs a rank number (or several, e.g. 3,5), not '" + v + "'");
            }
        }
        return out;
    }

    private static int tail(String v) throws UsageException {
        try {
            int n = Integer.parseInt(v.trim());
            if (n < 0) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--tail needs a number of lines, 0 or more, not '" + v + "'");
        }
    }

    /** {@code 10m}, {@code 90s}, {@code 1h30m}, or ISO-8601 ({@code PT10M}). */
    private static Duration since(String v) throws UsageException {
        String t = v.trim().toLowerCase(java.util.Locale.ROOT);
        Matcher m = DURATION.matcher(t);
        Duration d = null;
        if (!t.isEmpty() && m.matches()) {
            d = Duration.ZERO;
            d = m.group(1) == null ? d : d.plusHours(Long.parseLong(m.group(1)));
            d = m.group(2) == null ? d : d.plusMinutes(Long.parseLong(m.group(2)));
            d = m.group(3) == null ? d : d.plusSeconds(Long.parseLong(m.group(3)));
        } else {
            try {
                d = Duration.parse(v.trim());
            } catch (java.time.format.DateTimeParseException e) {
                // said below
            }
        }
        if (d == null || d.getSeconds() < 1) {
            throw new UsageException("--since needs a duration of a second or more, such as 10m, 90s or 1h30m, not '" + v + "'");
        }
        return d;
    }
}
