package dev.flightdeck.app.palette;

/**
 * One line of the command palette.
 *
 * @param verb   what choosing it does to the target; null: go to it
 * @param text   what the line says and the query is matched against ("gpu-node-013", "drain gpu-node-013")
 * @param alias  a second name matched too (a rank's pod name), or null
 * @param detail what it is now, in words (a node's verdict, a gang's status, the cluster it lives in)
 */
public record PaletteEntry(Target target, Verb verb, String text, String alias, String detail) {

    public static PaletteEntry goTo(Target target, String text, String alias, String detail) {
        return new PaletteEntry(target, null, text, alias, detail);
    }

    /** This entry's target with {@code verb} done to it: "drain gpu-node-013". */
    public PaletteEntry with(Verb verb) {
        return new PaletteEntry(target, verb, verb.word() + " " + text, alias, detail);
    }

    /** What kind of thing it is, in one word, for the list ("node", "gang", "screen"). */
    public String kind() {
        if (verb != null) {
            return "action";
        }
        return switch (target) {
            case Target.Screen s -> "screen";
            case Target.Cluster c -> "cluster";
            case Target.Node n -> "node";
            case Target.Gang g -> "gang";
            case Target.Rank r -> "rank";
            case Target.Command c -> "command";
        };
    }
}
