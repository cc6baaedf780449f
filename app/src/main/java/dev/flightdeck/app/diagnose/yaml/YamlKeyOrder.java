package dev.flightdeck.app.diagnose.yaml;

import java.util.Comparator;

/**
 * The order {@code kubectl get -o yaml} writes an object's keys in: kubectl turns JSON into a Go map and go-yaml
 * sorts map keys "naturally" — a run of digits compares as a number ({@code gpu2} before {@code gpu10}), and any
 * other character before a letter. A port of go-yaml v2's {@code keyList.Less} for string keys.
 */
final class YamlKeyOrder implements Comparator<String> {

    static final YamlKeyOrder INSTANCE = new YamlKeyOrder();

    private YamlKeyOrder() {
    }

    @Override
    public int compare(String a, String b) {
        return less(a, b) ? -1 : less(b, a) ? 1 : 0;
    }

    private static boolean less(String a, String b) {
        int[] ar = a.codePoints().toArray();
        int[] br = b.codePoints().toArray();
        for (int i = 0; i < ar.length && i < br.length; i++) {
            if (ar[i] == br[i]) {
                continue;
            }
            boolean al = Character.isLetter(ar[i]);
            boolean bl = Character.isLetter(br[i]);
            if (al && bl) {
                return ar[i] < br[i];
            }
            if (al || bl) {
                return bl;
            }
            long an = 0;
            long bn = 0;
            if (ar[i] == '0' || br[i] == '0') {
                // A difference inside a number with a non-zero digit before it: compare the rest as numbers.
                for (int j = i - 1; j >= 0 && Character.isDigit(ar[j]); j--) {
                    if (ar[j] != '0') {
                        an = 1;
                        bn = 1;
                        break;
                    }
                }
            }
            int ai = i;
            for (; ai < ar.length && Character.isDigit(ar[ai]); ai++) {
                an = an * 10 + (ar[ai] - '0');
            }
            int bi = i;
            for (; bi < br.length && Character.isDigit(br[bi]); bi++) {
                bn = bn * 10 + (br[bi] - '0');
            }
            if (an != bn) {
                return an < bn;
            }
            if (ai != bi) {
                return ai < bi;
            }
            return ar[i] < br[i];
        }
        return ar.length < br.length;
    }
}
