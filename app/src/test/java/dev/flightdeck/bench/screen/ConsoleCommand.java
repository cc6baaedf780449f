package dev.flightdeck.bench.screen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How the packaged console is started: its own launcher ({@code bin/flightdeck} of the jpackage app image), or, for a
 * JFR recording, the build's JDK running the image's jars with the launcher's options — the image's runtime is
 * linked without {@code jdk.jfr}, so {@code -XX:StartFlightRecording} cannot start there.
 */
record ConsoleCommand(List<String> command, String how) {

    static ConsoleCommand image(Path image, Path kubeconfig) throws IOException {
        Path launcher = image.resolve("bin/flightdeck");
        if (!Files.isExecutable(launcher)) {
            throw new IOException("no packaged console at " + launcher
                    + ": build it with `mvn -B -q -o package -DskipTests` from the repository root");
        }
        return new ConsoleCommand(List.of(launcher.toString(), "--kubeconfig", kubeconfig.toString(), "--context", "real"),
                "the app image's launcher " + launcher);
    }

    /**
     * The JDK's java with the class path and options the image's launcher reads from {@code lib/app/flightdeck.cfg}
     * (less its AOT cache, made for the image's runtime), JavaFX from the build's modular jars.
     */
    static ConsoleCommand jdkWithImageJars(Path image, Path javafxMods, Path kubeconfig) throws IOException {
        Path app = image.resolve("lib/app");
        Path cfg = app.resolve("flightdeck.cfg");
        if (!Files.isRegularFile(cfg) || !Files.isDirectory(javafxMods)) {
            throw new IOException("no app image at " + image + " or no JavaFX modules at " + javafxMods
                    + ": build with `mvn -B -q -o package -DskipTests` from the repository root");
        }
        List<String> classpath = new ArrayList<>();
        List<String> options = new ArrayList<>();
        String main = null;
        for (String line : Files.readAllLines(cfg)) {
            String value = line.substring(line.indexOf('=') + 1).replace("$APPDIR", app.toString());
            if (line.startsWith("app.classpath=")) {
                classpath.add(value);
            } else if (line.startsWith("app.mainclass=")) {
                main = value;
            } else if (line.startsWith("java-options=") && !value.startsWith("-XX:AOTCache")) {
                options.add(value);
            }
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path", javafxMods.toString(), "--add-modules", "javafx.controls,javafx.swing"));
        command.addAll(options);
        command.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, classpath), main,
                "--kubeconfig", kubeconfig.toString(), "--context", "real"));
        return new ConsoleCommand(command, "the JDK (" + System.getProperty("java.version")
                + ", for JFR) with the app image's jars and launcher options, without its AOT cache");
    }
}
