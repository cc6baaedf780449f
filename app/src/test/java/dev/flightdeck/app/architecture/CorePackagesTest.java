package dev.flightdeck.app.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.base.DescribedPredicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.TreeSet;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the core's packages may depend on each other, checked on the compiled classes: no cycles
 * between packages (each one can be read, tested and moved on its own), settings/ is data, and the
 * embedded sandbox (its own module, flightdeck-sandbox, which cannot see the core: its pom does not
 * depend on it) is reached only where it is still wired in (the list below only shrinks).
 */
class CorePackagesTest {

    /**
     * The core classes that still import the sandbox: the drills' sandbox world, which seeds the
     * drill's sandbox and throws its switches (APF storm, storage outage, scripted validation
     * failures). Connecting to a sandbox no longer does: the core gets it as a plain LocalCluster.
     * None may be added.
     */
    private static final Set<String> STILL_WIRED_TO_THE_SANDBOX = Set.of("dev.flightdeck.app.drills.world.SandboxWorld");

    private static JavaClasses core;

    @BeforeAll
    static void importCore() {
        core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.flightdeck.app");
        // A rule over nothing passes: make sure the core is really there.
        assertTrue(core.size() > 300, "core classes imported: " + core.size());
    }

    @Test
    void noPackageDependsOnItselfThroughAnother() {
        slices().matching("dev.flightdeck.app.(*)..").should().beFreeOfCycles()
                .because("a cycle makes two packages one: neither can be understood, tested or moved alone")
                .check(core);
    }

    @Test
    void settingsAreDataOnly() {
        DescribedPredicate<JavaClass> dataAndTheFile = resideInAnyPackage("java..", "com.fasterxml.jackson..",
                "dev.flightdeck.app.settings..", "dev.flightdeck.app.threads..")
                .or(name("dev.flightdeck.app.checkpoints.S3Settings")).or(JavaClass.Predicates.type(int.class))
                .or(JavaClass.Predicates.type(boolean.class)).or(JavaClass.Predicates.type(double.class))
                .or(JavaClass.Predicates.type(long.class)).or(JavaClass.Predicates.type(byte[].class));
        classes().that().resideInAPackage("dev.flightdeck.app.settings..")
                .should().onlyDependOnClassesThat(dataAndTheFile)
                .because("settings are read by every layer: they hold values and know their file, nothing else")
                .check(core);
        // The same rule pointed at a package with behaviour must fail: it sees real dependencies.
        assertTrue(classes().that().resideInAPackage("dev.flightdeck.app.actions..")
                .should().onlyDependOnClassesThat(dataAndTheFile).evaluate(core).hasViolation());
    }

    @Test
    void theSandboxIsReachedOnlyWhereItIsStillWiredIn() {
        Set<String> importing = new TreeSet<>();
        for (JavaClass c : core) {
            if (c.getPackageName().startsWith("dev.flightdeck.sandbox")) {
                continue;
            }
            boolean usesSandbox = c.getDirectDependenciesFromSelf().stream()
                    .anyMatch(d -> d.getTargetClass().getPackageName().startsWith("dev.flightdeck.sandbox"));
            if (usesSandbox) {
                importing.add(c.getName());
            }
        }
        Set<String> added = new TreeSet<>(importing);
        added.removeAll(STILL_WIRED_TO_THE_SANDBOX);
        assertEquals(Set.of(), added, "new dependencies of the core on the sandbox: hand the sandbox to the core as a plain "
                + "cluster (URL, storage endpoint) instead");
        Set<String> gone = new TreeSet<>(STILL_WIRED_TO_THE_SANDBOX);
        gone.removeAll(importing);
        assertEquals(Set.of(), gone, "no longer wired to the sandbox: take them off STILL_WIRED_TO_THE_SANDBOX");
    }
}
