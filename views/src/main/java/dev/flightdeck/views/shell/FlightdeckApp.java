package dev.flightdeck.views.shell;

import dev.flightdeck.app.launch.LaunchOptions;
import dev.flightdeck.app.launch.ResolvedTarget;
import dev.flightdeck.app.launch.TargetResolver;
import dev.flightdeck.app.launch.UsageException;
import dev.flightdeck.app.connect.ConnectionProblem;
import dev.flightdeck.app.connect.Kubeconfig;
import dev.flightdeck.app.connect.KubeconfigLoader;
import dev.flightdeck.app.settings.OpenContexts;
import dev.flightdeck.app.settings.SettingsFile;
import dev.flightdeck.views.nodes.NodesViewModel;
import javafx.application.Application;
import javafx.stage.Stage;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The JavaFX application: resolves what to connect to from the command line, shows the
 * main window at once and connects in the background. Started by {@code Launcher},
 * which has already rejected bad arguments.
 */
public final class FlightdeckApp extends Application {

    private SessionController sessions;
    private MainWindow window;
    /** The theme in the settings file, read before the first frame so the window never flashes light first. */
    private dev.flightdeck.app.settings.Theme.Chosen theme = dev.flightdeck.app.settings.Theme.Chosen.DEFAULT;

    /** The window as it was left (window.json), read with the theme before the first frame. */
    private dev.flightdeck.app.layout.WindowLayoutFile.Loaded layout =
            new dev.flightdeck.app.layout.WindowLayoutFile.Loaded(dev.flightdeck.app.layout.WindowLayout.NONE, null);
    private dev.flightdeck.app.layout.LayoutSaver layoutSaver;

    @Override
    public void init() {
        // The launcher thread, not the FX thread: the files read before the window is allowed to block.
        theme = SettingsFile.standard().loadTheme();
        layout = dev.flightdeck.app.layout.WindowLayoutFile.standard().load();
    }

    @Override
    public void start(Stage stage) {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(getParameters().getRaw().toArray(String[]::new));
        } catch (UsageException e) {
            options = new LaunchOptions(LaunchOptions.Command.UI, null, null, true, 64, null);
        }
        Map<String, String> env = System.getenv();
        Clock clock = Clock.systemUTC();
        NodesViewModel nodes = new NodesViewModel(clock);
        sessions = new SessionController(SessionController.DEFAULT_OPENER, nodes);

        ResolvedTarget resolved = null;
        String problem = null;
        LaunchOptions.ContextList several = options.contexts();
        if (several != null && !several.names().isEmpty()) {
            // --context a,b,c: all three kept open, the first on screen.
            options = new LaunchOptions(options.command(), options.kubeconfig(), several.names().getFirst(), false,
                    options.sandboxNodes(), null);
        }
        try {
            resolved = TargetResolver.resolve(options, env);
        } catch (ConnectionProblem p) {
            problem = p.getMessage();
        }
        Kubeconfig kubeconfig = resolved != null ? resolved.kubeconfig() : kubeconfigForSwitcher(options, env);
        List<ContextChoice> choices = ContextChoice.all(kubeconfig, options.sandboxNodes());
        dev.flightdeck.views.theme.Themes.choose(theme.theme());
        window = new MainWindow(sessions, nodes, choices, clock);
        String said = java.util.stream.Stream.of(theme.problem(), layout.problem()).filter(java.util.Objects::nonNull)
                .collect(java.util.stream.Collectors.joining(" · "));
        if (!said.isEmpty()) {
            window.showNotice(said);
        }

        stage.setTitle("Flightdeck");
        stage.getIcons().setAll(dev.flightdeck.views.theme.AppIcon.sizes());
        layoutSaver = dev.flightdeck.app.layout.LayoutSaver.to(dev.flightdeck.app.layout.WindowLayoutFile.standard(),
                why -> javafx.application.Platform.runLater(() -> window.showNotice(why)));
        // Quitting with an action under way would stop it half-way: ask first.
        stage.setOnCloseRequest(e -> {
            if (!dev.flightdeck.views.actions.RunningActions.mayQuit(stage)) {
                e.consume();
            }
        });
        window.showIn(stage, new dev.flightdeck.views.layout.WindowLayoutBinding(layout.layout(), layoutSaver::changed),
                1600, 960);
        window.nodesView().focusTable();
        StartupReport.watch(env, stage.getScene(), nodes.allRows());
        TraceOnScreen.watch(stage.getScene(), sessions, nodes.allRows(), sessions.gangs().allRows());
        ScreenThreadsFirst.startOnceLive(stage.getScene(), sessions);

        if (resolved != null) {
            if (resolved.whySandbox() != null && !options.sandbox()) {
                window.showNotice("Showing the embedded sandbox cluster: " + resolved.whySandbox()
                        + ". Pick a real context above when you have one.");
            }
            // After the first frame is on its way: on two cores, connecting while the window is
            // built made the first frame later (3.6 s instead of 3.0) for 0.3 s earlier data.
            sessions.switchTo(resolved.target());
            keepOpen(resolved.kubeconfig(), several);
        } else {
            // Nothing to connect to yet: say why, and let the person pick a context or the sandbox.
            sessions.reportProblem(problem);
        }
    }

    /**
     * The clusters kept open besides the one on screen: the command line's (--context a,b or
     * --all-contexts), else the ones remembered in the settings (read off the FX thread).
     */
    private void keepOpen(Kubeconfig kubeconfig, LaunchOptions.ContextList several) {
        if (kubeconfig == null) {
            return;
        }
        if (several != null) {
            window.keepOpen(kubeconfig, new OpenContexts(several.all(), several.names()));
            return;
        }
        Thread.ofVirtual().name("open-contexts").start(() -> {
            OpenContexts remembered = SettingsFile.standard().loadOpenContexts();
            javafx.application.Platform.runLater(() -> window.keepOpen(kubeconfig, remembered));
        });
    }

    /** When no context could be chosen (e.g. no current-context), still list the file's contexts. */
    private static Kubeconfig kubeconfigForSwitcher(LaunchOptions options, Map<String, String> env) {
        try {
            List<Path> files = KubeconfigLoader.locate(options.kubeconfig(), env);
            return files.isEmpty() ? null : KubeconfigLoader.load(files);
        } catch (ConnectionProblem | RuntimeException e) {
            return null;
        }
    }

    @Override
    public void stop() {
        if (window != null) {
            window.stop();
        }
        if (layoutSaver != null) {
            layoutSaver.close(); // what the last change left waiting is written by the writer's thread, then it stops
        }
        if (sessions != null) {
            sessions.close();
        }
    }
}
