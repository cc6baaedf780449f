package dev.flightdeck.sandbox;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The five-character name suffixes Kubernetes' controllers give the objects they make
 * ({@code rlhf-actor-3-x7k2p}): apimachinery's {@code rand.String(5)} alphabet, without vowels
 * (no words) and without 0, 1 and 3 (no look-alikes).
 */
final class NameSuffix {

    private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
    private static final int LENGTH = 5;

    private NameSuffix() {
    }

    /** A random one, as a controller makes for each new pod. */
    static String random() {
        StringBuilder b = new StringBuilder(LENGTH);
        for (int i = 0; i < LENGTH; i++) {
            b.append(ALPHABET.charAt(ThreadLocalRandom.current().nextInt(ALPHABET.length())));
        }
        return b.toString();
    }

    /** A fixed one for a seeded object, unique for each id below 27^5, neighbours scrambled. */
    static String of(int id) {
        int h = (int) Math.floorMod((long) id * 7_368_787L, 14_348_907L); // a bijection on [0, 27^5)
        StringBuilder b = new StringBuilder(LENGTH);
        for (int i = 0; i < LENGTH; i++) {
            b.append(ALPHABET.charAt(h % ALPHABET.length()));
            h /= ALPHABET.length();
        }
        return b.toString();
    }
}
