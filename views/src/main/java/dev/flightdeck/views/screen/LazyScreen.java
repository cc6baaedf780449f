package dev.flightdeck.views.screen;

import javafx.scene.Node;

/**
 * A {@link Screen} whose view is built on the first {@link #view()} call and kept: a screen says how to build its
 * view ({@link #build}) and the window builds it only when the screen is first shown.
 *
 * @param <V> the screen's view, so that the screen's own methods (and tests) reach it typed
 */
public abstract class LazyScreen<V extends Node> implements Screen {

    private V view;

    /** Builds the view, once, on the FX thread. */
    protected abstract V build();

    @Override
    public final V view() {
        if (view == null) {
            view = build();
        }
        return view;
    }

    /** Whether the view was built: what only a built view holds (its charts, its table) is stopped only then. */
    public final boolean built() {
        return view != null;
    }
}
