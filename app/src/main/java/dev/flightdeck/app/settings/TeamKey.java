package dev.flightdeck.app.settings;

import java.util.regex.Pattern;

/**
 * The node label or taint key whose value names the team that owns a node, e.g. {@code example.com/team}: a
 * cluster's {@code "teamKey"} setting. Checked as Kubernetes checks a label key (an optional DNS-subdomain prefix,
 * a slash, a name of at most 63 characters), so a key the API server would refuse on a node never matches nothing
 * in silence: it is refused in one line when the settings are read.
 */
public record TeamKey(String key) {

    /** A label key's name part: alphanumerics at both ends, '-', '_' and '.' between (apimachinery's qualifiedNameFmt). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");
    /** One DNS label of a prefix: lower-case alphanumerics at both ends, '-' between. */
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    public TeamKey {
        String why = problem(key);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
    }

    /** Why {@code key} cannot be a team key, in words that name it; null when it can. */
    public static String problem(String key) {
        if (key == null || key.isBlank()) {
            return "teamKey must be a node label or taint key such as \"example.com/team\"";
        }
        String shown = "teamKey \"" + key + "\" is not a label or taint key";
        int slash = key.lastIndexOf('/');
        String name = slash < 0 ? key : key.substring(slash + 1);
        if (name.length() > 63 || !NAME.matcher(name).matches()) {
            return shown + ": the part after the prefix must be 1 to 63 letters, digits, '-', '_' or '.', "
                    + "beginning and ending with a letter or digit";
        }
        if (slash >= 0) {
            String prefix = key.substring(0, slash);
            if (prefix.isEmpty() || prefix.length() > 253 || !dnsSubdomain(prefix)) {
                return shown + ": the prefix before '/' must be a lower-case DNS name such as example.com";
            }
        }
        return null;
    }

    private static boolean dnsSubdomain(String prefix) {
        for (String label : prefix.split("\\.", -1)) {
            if (label.length() > 63 || !DNS_LABEL.matcher(label).matches()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return key;
    }
}
