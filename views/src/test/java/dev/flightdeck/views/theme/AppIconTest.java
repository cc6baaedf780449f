package dev.flightdeck.views.theme;

import javafx.scene.image.Image;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The window's icon comes in every size assets/bin/icons renders, each the size its name says. */
@ExtendWith(ApplicationExtension.class)
class AppIconTest {

    @Start
    void start(Stage stage) {
        // the toolkit is all this test needs
    }

    @Test
    void everySizeIsThereAndSquare() {
        List<Image> icons = AppIcon.sizes();
        assertEquals(AppIcon.SIZES.length, icons.size());
        for (int i = 0; i < icons.size(); i++) {
            Image img = icons.get(i);
            assertFalse(img.isError(), "size " + AppIcon.SIZES[i]);
            assertEquals(AppIcon.SIZES[i], (int) img.getWidth());
            assertEquals(AppIcon.SIZES[i], (int) img.getHeight());
        }
        assertEquals(List.of(16, 32, 48, 64, 128, 256), Arrays.stream(AppIcon.SIZES).boxed().toList());
    }
}
