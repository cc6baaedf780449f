package dev.flightdeck.views.shell;

import javafx.animation.Animation;
import javafx.animation.AnimationTimer;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;

import java.time.Duration;

/** {@link BatchPacing#fx()}: the system clock, an FX {@link Timeline} for the rate and the FX pulse for catching up. */
final class FxBatchPacing implements BatchPacing {

    static final FxBatchPacing INSTANCE = new FxBatchPacing();

    private FxBatchPacing() {
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public Ticks every(Duration period, Runnable tick) {
        Timeline timeline = new Timeline(new KeyFrame(javafx.util.Duration.millis(period.toNanos() / 1e6), e -> tick.run()));
        timeline.setCycleCount(Animation.INDEFINITE);
        return new Ticks() {
            @Override
            public void start() {
                timeline.play();
            }

            @Override
            public void stop() {
                timeline.stop();
            }
        };
    }

    @Override
    public Ticks eachFrame(Runnable tick) {
        AnimationTimer timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                tick.run();
            }
        };
        return new Ticks() {
            @Override
            public void start() {
                timer.start(); // a no-op when it runs already
            }

            @Override
            public void stop() {
                timer.stop();
            }
        };
    }
}
