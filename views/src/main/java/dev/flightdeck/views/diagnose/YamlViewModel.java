package dev.flightdeck.views.diagnose;

import dev.flightdeck.app.diagnose.yaml.ObjectRef;
import dev.flightdeck.app.diagnose.yaml.ObjectYaml;
import dev.flightdeck.app.diagnose.yaml.ObjectYamlProblem;
import dev.flightdeck.app.diagnose.yaml.ShownObject;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * What the YAML window shows of one object: its title, the read-only YAML (already redacted, with its notes — what was
 * left out, which values were redacted — at its head), or the one line saying why it cannot be shown. The object is
 * read off the FX thread; {@link #reload} reads it again.
 */
public final class YamlViewModel {

    private final ObjectYaml reader;
    private final ObjectRef ref;
    private final Executor background;
    private final Consumer<Runnable> onFx;
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title");
    private final ReadOnlyStringWrapper yaml = new ReadOnlyStringWrapper(this, "yaml", "");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");

    /**
     * @param background where the object is read (never the FX thread)
     * @param onFx       how a result reaches the FX thread ({@code Platform::runLater}; a direct call in tests)
     */
    public YamlViewModel(ObjectYaml reader, ObjectRef ref, Executor background, Consumer<Runnable> onFx) {
        this.reader = reader;
        this.ref = ref;
        this.background = background;
        this.onFx = onFx;
        title.set(describe(ref));
    }

    /** Reads the object (again), replacing what is shown when the answer comes. */
    public void reload() {
        loading.set(true);
        reader.fetchAsync(ref, background).whenComplete((shown, failed) -> onFx.accept(() -> {
            loading.set(false);
            if (failed == null) {
                show(shown);
            } else {
                problem.set(words(failed));
            }
        }));
    }

    private void show(ShownObject shown) {
        title.set(shown.title());
        yaml.set(shown.yaml());
        problem.set(null);
    }

    private static String words(Throwable failed) {
        Throwable cause = failed instanceof CompletionException && failed.getCause() != null ? failed.getCause() : failed;
        return cause instanceof ObjectYamlProblem p ? p.getMessage() : "could not read the object: " + cause.getMessage();
    }

    private static String describe(ObjectRef ref) {
        String kind = switch (ref) {
            case ObjectRef.OfResource r -> r.resource().kind();
            case ObjectRef.OfKind k -> k.kind();
            case ObjectRef.Typed t -> t.typed();
        };
        return kind + " " + (ref.namespace() == null ? "" : ref.namespace() + "/") + ref.name();
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** The YAML as shown and copied: redacted, its notes at its head. */
    public ReadOnlyStringProperty yamlProperty() {
        return yaml.getReadOnlyProperty();
    }

    /** Why the object cannot be shown (not found, refused, unreadable), in one line; null when it is. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }
}
