package dev.flightdeck.app.actions.resume;

import dev.flightdeck.app.checkpoints.Checkpoint;

import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the resumed job is told, per checkpoint layout (conventions §4). The checkpoint's URI
 * names one step's folder; most loaders take exactly that, but Megatron-LM does not:
 * {@code --load} wants the directory that holds the {@code iter_NNNNNNN/} folders and the
 * tracker file, and loads the tracker's iteration unless {@code --ckpt-step} names another.
 * So for Megatron the variable holds the parent directory, and the step variable (always set
 * when the step is known) says which iteration; passing a picked older iteration's own folder
 * to {@code --load} would fail, and passing the parent alone would silently load the newest.
 *
 * @param value what goes into the resume variable
 * @param step  the step/iteration, for the {@code <VAR>_STEP} variable; empty when unknown
 * @param how   one line for the plan saying how the job should use the values
 */
public record ResumeLocation(String value, OptionalLong step, String how) {

    private static final Pattern MEGATRON = Pattern.compile("(.*/)iter_(\\d{7,})/?");
    private static final Pattern DCP = Pattern.compile(".*/step-\\d+/?");
    private static final Pattern HUGGING_FACE = Pattern.compile(".*/checkpoint-\\d+/?");

    /** @throws IllegalArgumentException when the checkpoint has no URI (only a time was announced) */
    public static ResumeLocation of(Checkpoint cp) {
        if (cp.uri() == null || cp.uri().isBlank()) {
            throw new IllegalArgumentException("the checkpoint has no URI (only its time is known)");
        }
        String uri = cp.uri().trim();
        OptionalLong step = cp.step() == Checkpoint.UNKNOWN_STEP ? OptionalLong.empty() : OptionalLong.of(cp.step());
        Matcher m = MEGATRON.matcher(uri);
        if (m.matches()) {
            long iteration = Long.parseLong(m.group(2));
            return new ResumeLocation(m.group(1), OptionalLong.of(iteration),
                    "Megatron-LM: the variable holds the checkpoint directory for --load; its _STEP variable is the iteration for --ckpt-step");
        }
        if (DCP.matcher(uri).matches()) {
            return new ResumeLocation(uri, step, "PyTorch DCP / torchtitan: the variable holds the step folder to load");
        }
        if (HUGGING_FACE.matcher(uri).matches()) {
            return new ResumeLocation(uri, step, "Hugging Face Trainer: the variable holds the folder for resume_from_checkpoint");
        }
        return new ResumeLocation(uri, step, "the variable holds the URI the job announced");
    }
}
