package dev.flightdeck.views.shell;

import javafx.application.Application;

/**
 * The JavaFX the console runs on, in one line: the About dialog shows it, and the Launcher hands it to
 * {@code --version}, which prints it with no window (so it is read without starting the toolkit).
 */
public final class JavafxVersion {

    private JavafxVersion() {
    }

    /** The JavaFX on the class path, from its jar (the toolkit is not started for {@code --version}). */
    public static String line() {
        // Set by the toolkit once it runs (the About dialog); before that, from the jar or the module.
        String v = System.getProperty("javafx.runtime.version");
        if (v == null) {
            v = Application.class.getPackage().getImplementationVersion(); // on the class path (assets/bin)
        }
        if (v == null && Application.class.getModule().getDescriptor() != null) {
            v = Application.class.getModule().getDescriptor().rawVersion().orElse(null); // linked as a module (the app image)
        }
        return "JavaFX " + (v == null ? "(version not recorded in its jar)" : v);
    }
}
