package dev.flightdeck.views.layout;

import dev.flightdeck.app.layout.ScreenFit;
import dev.flightdeck.app.layout.WindowLayout;
import dev.flightdeck.app.layout.WindowLayout.Bounds;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Screen;
import javafx.stage.Stage;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The window's layout kept as the person leaves it (FX thread): the stage's place and size, each followed table's
 * columns and sort, each followed splitter's dividers, the screen last shown per cluster. Applied from the layout read
 * at start; every change hands the whole layout to {@code save} (the debounced writer, off the FX thread).
 */
public final class WindowLayoutBinding {

    static final String FOLLOWED = "fd-layout-followed";

    private final Consumer<WindowLayout> save;
    private WindowLayout layout;

    public WindowLayoutBinding(WindowLayout saved, Consumer<WindowLayout> save) {
        this.layout = saved;
        this.save = save;
    }

    public WindowLayout layout() {
        return layout;
    }

    private void changed(WindowLayout next) {
        if (!next.equals(layout)) {
            layout = next;
            save.accept(next);
        }
    }

    /** Before the stage is shown: where it was (back on a visible screen), else {@code width} by {@code height}. */
    public void place(Stage stage, double width, double height) {
        Bounds b = layout.bounds();
        if (b != null) {
            List<Bounds> screens = new ArrayList<>();
            Rectangle2D primary = Screen.getPrimary().getVisualBounds();
            screens.add(bounds(primary));
            for (Screen s : Screen.getScreens()) {
                if (!s.getVisualBounds().equals(primary)) {
                    screens.add(bounds(s.getVisualBounds()));
                }
            }
            Bounds fit = ScreenFit.fit(b, screens);
            stage.setX(fit.x());
            stage.setY(fit.y());
            stage.setWidth(fit.width());
            stage.setHeight(fit.height());
            stage.setMaximized(layout.maximized());
        } else {
            stage.setWidth(width);
            stage.setHeight(height);
        }
    }

    private static Bounds bounds(Rectangle2D r) {
        return new Bounds(r.getMinX(), r.getMinY(), r.getWidth(), r.getHeight());
    }

    /** Remembers where the stage is and how large while it moves, resizes, maximizes. */
    public void follow(Stage stage) {
        InvalidationListener moved = o -> {
            if (!stage.isMaximized() && !stage.isIconified() && !stage.isFullScreen() && stage.getWidth() > 0) {
                changed(layout.withBounds(new Bounds(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()),
                        false));
            } else if (stage.isMaximized() != layout.maximized()) {
                changed(layout.withBounds(layout.bounds(), stage.isMaximized()));
            }
        };
        stage.xProperty().addListener(moved);
        stage.yProperty().addListener(moved);
        stage.widthProperty().addListener(moved);
        stage.heightProperty().addListener(moved);
        stage.maximizedProperty().addListener(moved);
        if (stage.isShowing()) {
            moved.invalidated(null);
        }
    }

    /** Puts back {@code table}'s saved columns and sort, and remembers them as they change. */
    public void follow(String id, TableView<?> table) {
        if (table.getProperties().putIfAbsent(FOLLOWED, id) != null) {
            return;
        }
        WindowLayout.TableLayout saved = layout.tables().get(id);
        if (saved != null) {
            TableLayouts.apply(table, saved);
        }
        InvalidationListener read = o -> changed(layout.withTable(id, TableLayouts.read(table)));
        watchColumns(table.getColumns(), read);
        table.getSortOrder().addListener(read);
    }

    private void watchColumns(List<? extends TableColumn<?, ?>> columns, InvalidationListener read) {
        if (columns instanceof javafx.collections.ObservableList<? extends TableColumn<?, ?>> list) {
            list.addListener((ListChangeListener<TableColumn<?, ?>>) c -> {
                while (c.next()) {
                    c.getAddedSubList().forEach(added -> watchColumn(added, read));
                }
                read.invalidated(null);
            });
        }
        columns.forEach(c -> watchColumn(c, read));
    }

    private void watchColumn(TableColumn<?, ?> c, InvalidationListener read) {
        if (c.getProperties().putIfAbsent(FOLLOWED, Boolean.TRUE) != null) {
            return;
        }
        c.widthProperty().addListener(read);
        c.visibleProperty().addListener(read);
        c.sortTypeProperty().addListener(read);
        watchColumns(c.getColumns(), read);
    }

    /** Puts back {@code split}'s saved dividers, and remembers them as they are dragged. */
    public void follow(String id, SplitPane split) {
        if (split.getProperties().putIfAbsent(FOLLOWED, id) != null) {
            return;
        }
        List<Double> saved = layout.splits().get(id);
        DetailsSplit details = DetailsSplit.of(split);
        if (saved != null && saved.size() == split.getDividers().size()) {
            if (details != null) {
                details.want(saved);
            } else {
                split.setDividerPositions(saved.stream().mapToDouble(Double::doubleValue).toArray());
            }
        }
        InvalidationListener read = o -> {
            List<Double> now = details != null ? details.wanted()
                    : split.getDividers().stream().map(SplitPane.Divider::getPosition).toList();
            changed(layout.withSplit(id, now));
        };
        split.getDividers().forEach(d -> d.positionProperty().addListener(read));
    }

    /**
     * Every table and splitter of a screen: a table by its id (else its place), a splitter by its place on the
     * screen ("gangs/split-0" is the screen's first).
     */
    public void followAll(String screen, Node root) {
        List<TableView<?>> tables = new ArrayList<>();
        List<SplitPane> splits = new ArrayList<>();
        walk(root, tables, splits);
        for (int t = 0; t < tables.size(); t++) {
            TableView<?> table = tables.get(t);
            follow(table.getId() != null ? table.getId() : screen + "/table-" + t, table);
        }
        for (int s = 0; s < splits.size(); s++) {
            follow(screen + "/split-" + s, splits.get(s));
        }
    }

    /**
     * Depth first, in the order built. Not {@code lookupAll}: a control's skin may not exist yet when a screen is
     * first shown, and until it does a SplitPane's items or a ScrollPane's content are not among its children.
     */
    private static void walk(Node n, List<TableView<?>> tables, List<SplitPane> splits) {
        if (n instanceof TableView<?> t) {
            tables.add(t);
            return;
        }
        List<Node> inside = new ArrayList<>();
        if (n instanceof SplitPane s) {
            splits.add(s);
            inside.addAll(s.getItems());
        } else if (n instanceof javafx.scene.control.ScrollPane sp) {
            if (sp.getContent() != null) {
                inside.add(sp.getContent());
            }
        } else if (n instanceof javafx.scene.control.TabPane tp) {
            tp.getTabs().forEach(tab -> {
                if (tab.getContent() != null) {
                    inside.add(tab.getContent());
                }
            });
        } else if (n instanceof javafx.scene.control.TitledPane tp) {
            if (tp.getContent() != null) {
                inside.add(tp.getContent());
            }
        } else if (n instanceof javafx.scene.Parent p && !(n instanceof javafx.scene.control.Control)) {
            inside.addAll(p.getChildrenUnmodifiable());
        }
        inside.forEach(c -> walk(c, tables, splits));
    }

    /** The screen last shown for {@code cluster}, or null. */
    public String lastScreen(String cluster) {
        return layout.lastScreens().get(cluster);
    }

    public void screenShown(String cluster, String screen) {
        changed(layout.withLastScreen(cluster, screen));
    }
}
