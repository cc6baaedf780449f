package dev.flightdeck.views.shell;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ScreenPaceTest {

    @Test
    void quietWhenTheScreenKeepsUpWithACalmCluster() {
        assertEquals("", ScreenPace.describe(120, 12));
    }

    @Test
    void saysHowFastWhenBusyAndHowFarBehindWhenLate() {
        assertEquals(" · 1,240 updates/s", ScreenPace.describe(300, 1_240.4));
        assertEquals(" · showing data 3 s old · 12,000 updates/s", ScreenPace.describe(3_200, 12_000));
        assertEquals(" · showing data 2 s old", ScreenPace.describe(1_600, 0));
    }
}
