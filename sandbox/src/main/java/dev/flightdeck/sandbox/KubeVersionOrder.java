package dev.flightdeck.sandbox;

import java.util.Comparator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The order in which kube-apiserver prefers a group's versions (apimachinery's kube-aware version comparison):
 * GA before beta before alpha, then the higher major, then the higher minor ({@code v2 > v1 > v1beta2 > v1beta1 >
 * v1alpha1}); versions not shaped so come after them, alphabetically. Discovery lists versions in this order and
 * names the first the preferred one — alphabetically, {@code v1alpha1} would come before {@code v1beta1}.
 */
final class KubeVersionOrder {

    private static final Pattern KUBE = Pattern.compile("v(\\d+)(?:(alpha|beta)(\\d+))?");

    /** The most preferred first. */
    static final Comparator<String> PREFERRED_FIRST = KubeVersionOrder::compare;

    private static int compare(String a, String b) {
        Matcher ma = KUBE.matcher(a);
        Matcher mb = KUBE.matcher(b);
        boolean ka = ma.matches();
        boolean kb = mb.matches();
        if (!ka || !kb) {
            return ka ? -1 : kb ? 1 : a.compareTo(b);
        }
        int byStability = Integer.compare(stability(mb.group(2)), stability(ma.group(2)));
        if (byStability != 0) {
            return byStability;
        }
        int byMajor = number(mb.group(1), ma.group(1));
        if (byMajor != 0) {
            return byMajor;
        }
        return ma.group(3) == null ? 0 : number(mb.group(3), ma.group(3));
    }

    /** Two runs of digits compared as numbers, however long (a CRD may name any version). */
    private static int number(String a, String b) {
        String x = a.replaceFirst("^0+(?=.)", "");
        String y = b.replaceFirst("^0+(?=.)", "");
        return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
    }

    /** GA 2, beta 1, alpha 0. */
    private static int stability(String type) {
        return type == null ? 2 : type.equals("beta") ? 1 : 0;
    }

    private KubeVersionOrder() {
    }
}
