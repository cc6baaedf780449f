/*
 * Packaging check, part 2: does the packaged runtime actually draw?
 *
 * `check --sandbox` never touches JavaFX, so on its own it would not notice a
 * runtime with broken JavaFX modules or a class-path library (ControlsFX,
 * Ikonli, JFreeChart-FX) that fails against *modular* JavaFX. In the tests
 * JavaFX sits on the class path; in the app image it is a set of named modules
 * in the jlinked runtime, which is stricter about internal APIs.
 *
 * Maven compiles this against the image's jars and runs it with the image's own
 * runtime, the launcher's JVM flags and JavaFX's headless platform. It builds a
 * scene with one control from each library, lays it out, snapshots it and exits 0.
 */
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.VBox;
import org.controlsfx.control.StatusBar;
import org.controlsfx.control.ToggleSwitch;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.kordamp.ikonli.javafx.FontIcon;

public class FxSmoke {
    public static void main(String[] args) throws Exception {
        CompletableFuture<String> result = new CompletableFuture<>();
        Platform.startup(() -> {
            try {
                XYSeries series = new XYSeries("gpu");
                series.add(0, 1);
                series.add(1, 2);
                var chart = ChartFactory.createXYLineChart("smoke", "t", "v", new XYSeriesCollection(series));
                var root = new VBox(
                        new Label("Flightdeck", new FontIcon("mdal-dns")),
                        new ToggleSwitch("cordon"),
                        new TableView<String>(),
                        new ChartViewer(chart),
                        new StatusBar());
                var scene = new Scene(root, 640, 480);
                WritableImage image = scene.snapshot(null);
                var awt = SwingFXUtils.fromFXImage(image, null); // javafx.swing + java.desktop
                result.complete((int) image.getWidth() + "x" + (int) image.getHeight()
                        + " (AWT " + awt.getWidth() + "x" + awt.getHeight() + ")");
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        try {
            String size = result.get(120, TimeUnit.SECONDS);
            System.out.println("[fx-smoke] OK: JavaFX " + System.getProperty("javafx.runtime.version")
                    + " from " + Platform.class.getModule() + ", snapshot " + size
                    + ", java.home=" + System.getProperty("java.home"));
            Platform.exit();
            System.exit(0);
        } catch (Exception e) {
            System.err.println("[fx-smoke] FAILED");
            e.printStackTrace();
            System.exit(1);
        }
    }
}
