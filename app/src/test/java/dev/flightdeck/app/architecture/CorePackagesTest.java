package dev.flightdeck.app.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.base.DescribedPredicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;


import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the core's packages may depend on each other, checked on the compiled classes: no cycles
 * between packages at any depth, nor between areas (each one can be read, tested and moved on its
 * own), settings/ is data, and the
 * embedded sandbox (its own module, flightdeck-sandbox, which cannot see the core: its pom does not
 * depend on it) is never reached from the core (its scope in the core's pom is test, so the compiler
 * says so too; this rule says why).
 */
class CorePackagesTest {

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
        // Every package at every depth is its own slice: a parent and its sub-package (actions and
        // actions.drain) are two packages, and a cycle between them is as much a cycle as any other.
        slices().matching("dev.flightdeck.(**)").should().beFreeOfCycles()
                .because("a cycle makes two packages one: neither can be understood, tested or moved alone")
                .check(core);
    }

    @Test
    void noAreaDependsOnItselfThroughAnother() {
        // The same for areas, each top-level package with everything below it: actions.drain -> gangs
        // -> actions.resume would be no package cycle, yet it would tie actions and gangs together.
        slices().matching("dev.flightdeck.app.(*)..").should().beFreeOfCycles()
                .because("an area (actions, gangs, kube…) is read, tested and moved with its sub-packages")
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
    void theCoreNeverReachesTheDrills() {
        noClasses().that().resideInAPackage("dev.flightdeck.app..")
                .should().dependOnClassesThat().resideInAPackage("dev.flightdeck.drills..")
                .because("drills are a module on top of the core (flightdeck-drills); the core finds their headless "
                        + "command through CommandModule and the service loader")
                .check(core);
    }

    @Test
    void theCoreNeverReachesTheSandbox() {
        noClasses().that().resideInAPackage("dev.flightdeck.app..")
                .should().dependOnClassesThat().resideInAPackage("dev.flightdeck.sandbox..")
                .because("the core gets a sandbox as a plain local cluster (LocalCluster: URL, storage and keys, clock) "
                        + "and drives a drill's over HTTP; the application, which ships both, starts it")
                .check(core);
    }
}
