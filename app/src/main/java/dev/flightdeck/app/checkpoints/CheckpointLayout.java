package dev.flightdeck.app.checkpoints;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The checkpoint folder layouts of conventions §4, and the object in each that is written last:
 * a folder without it is a save in progress (or one that crashed) and must not count.
 */
enum CheckpointLayout {

    /** PyTorch Distributed Checkpoint / torchtitan: {@code step-<N>/}, DCP writes {@code .metadata} last. */
    DCP("step-(\\d+)/", ".metadata"),

    /**
     * Megatron-LM: {@code iter_<7 digits>/}. Completeness is told by the tracker file beside the
     * folders, which Megatron rewrites only after a save has finished; it names the newest complete
     * iteration. Older folders are checked through {@code .metadata}, which Megatron's
     * {@code torch_dist} format (the default) writes last, like DCP.
     */
    MEGATRON("iter_(\\d{7,})/", ".metadata"),

    /** Hugging Face Trainer: {@code checkpoint-<step>/}, {@code trainer_state.json} is saved last. */
    HUGGING_FACE("checkpoint-(\\d+)/", "trainer_state.json");

    /** Megatron's tracker, beside the {@code iter_*} folders. */
    static final String MEGATRON_TRACKER = "latest_checkpointed_iteration.txt";

    private final Pattern folder;
    private final String marker;

    CheckpointLayout(String folderRegex, String marker) {
        this.folder = Pattern.compile(folderRegex);
        this.marker = marker;
    }

    /** The step of a folder name like {@code step-300/}, or empty when the folder is not of this layout. */
    OptionalLong step(String folderName) {
        Matcher m = folder.matcher(folderName);
        if (!m.matches()) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(m.group(1)));
        } catch (NumberFormatException e) {
            return OptionalLong.empty(); // more digits than a long holds: not a real step
        }
    }

    /** The marker object's name inside a step folder. */
    String marker() {
        return marker;
    }

    /** Megatron's folder name for an iteration (what {@code get_checkpoint_name} builds). */
    static String megatronFolder(long iteration) {
        return String.format("iter_%07d/", iteration);
    }

    /** How the layout is named in problem lines, e.g. {@code step-<N>/.metadata}. */
    String shape() {
        return switch (this) {
            case DCP -> "step-<N>/.metadata";
            case MEGATRON -> "iter_<7 digits>/ with " + MEGATRON_TRACKER;
            case HUGGING_FACE -> "checkpoint-<N>/trainer_state.json";
        };
    }
}
