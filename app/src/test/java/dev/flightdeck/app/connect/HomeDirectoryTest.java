package dev.flightdeck.app.connect;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** client-go's util/homedir rule, on both kinds of OS, with the file system given as sets of paths. */
class HomeDirectoryTest {

    private static Path home(Map<String, String> env, boolean windows, Set<String> files, Set<String> dirs) {
        return HomeDirectory.of(env, windows, p -> files.contains(p.toString()) || dirs.contains(p.toString()),
                p -> dirs.contains(p.toString()));
    }

    @Test
    void elsewhereItIsHomeEvenWhenEmpty() {
        assertEquals(Path.of("/srv/ci"), home(Map.of("HOME", "/srv/ci", "USERPROFILE", "/x"), false, Set.of(), Set.of()));
        assertEquals(Path.of(""), home(Map.of(), false, Set.of(), Set.of()),
                "unset HOME: .kube/config relative to the working directory, as kubectl reads it");
    }

    @Test
    void onWindowsTheFirstHoldingAKubeconfigWins() {
        Map<String, String> env = Map.of("HOME", "H:\\home", "HOMEDRIVE", "C:", "HOMEPATH", "\\Users\\sre", "USERPROFILE", "C:\\Users\\sre");
        String drivePathConfig = Path.of("C:\\Users\\sre", ".kube", "config").toString();
        assertEquals(Path.of("C:\\Users\\sre"), home(env, true, Set.of(drivePathConfig), Set.of()),
                "%HOMEDRIVE%%HOMEPATH% before %USERPROFILE% when looking for .kube\\config");
        assertEquals(Path.of("C:\\Users\\sre"), home(env, true, Set.of(), Set.of("C:\\Users\\sre")),
                "without one, the first existing directory of %HOME%, %USERPROFILE%, %HOMEDRIVE%%HOMEPATH%");
        assertEquals(Path.of("H:\\home"), home(env, true, Set.of(), Set.of()), "else the first that is set");
        assertEquals(Path.of(""), home(Map.of(), true, Set.of(), Set.of()));
    }
}
