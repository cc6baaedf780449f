package dev.flightdeck.app.about;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Flightdeck's own license, said the same way everywhere: {@code --version} ends with {@link #NOTICE}, About names
 * {@link #NAME} and shows {@link #text()}, the packages carry the same LICENSE file (the .rpm's License field and the
 * .deb's copyright say {@link #SPDX}).
 */
public final class License {

    public static final String SPDX = "Apache-2.0";
    public static final String NAME = "Apache License 2.0";
    public static final String NOTICE = "Licensed under the Apache License, Version 2.0";
    public static final String URL = "https://www.apache.org/licenses/LICENSE-2.0";

    /** The top-level LICENSE, copied beside this class when the jar is built (app/pom.xml). */
    private static final String RESOURCE = "LICENSE";

    private License() {
    }

    /**
     * The full license text. Classes run without Maven's resource step (an IDE's own build) have no copy: then one
     * line that says where to read it, never an exception.
     */
    public static String text() {
        try (InputStream in = License.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            // Unreadable is the same as missing for the reader: fall through to the pointer.
        }
        return "The license text is not in this build; read it at " + URL;
    }
}
