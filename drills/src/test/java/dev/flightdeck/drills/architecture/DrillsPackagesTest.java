package dev.flightdeck.drills.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the drills module's packages may depend on each other and on what is below it, checked on the compiled
 * classes: no package cycles at any depth, no JavaFX (the drills run headless: in CI, in a responder's process,
 * under the console's views, which only show them), and the sandbox only over HTTP (a drill's world is any cluster).
 */
class DrillsPackagesTest {

    private static JavaClasses drills;

    @BeforeAll
    static void importDrills() {
        drills = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.flightdeck.drills");
        // A rule over nothing passes: make sure the module is really there.
        assertTrue(drills.size() > 50, "drill classes imported: " + drills.size());
    }

    @Test
    void noPackageDependsOnItselfThroughAnother() {
        slices().matching("dev.flightdeck.(**)").should().beFreeOfCycles()
                .because("a cycle makes two packages one: neither can be understood, tested or moved alone")
                .check(drills);
    }

    @Test
    void drillsRunHeadless() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("javafx..", "dev.flightdeck.views..")
                .because("a drill runs in CI and in a responder's process; the console's views only show it")
                .check(drills);
    }

    @Test
    void drillsReachTheSandboxOnlyOverHttp() {
        noClasses().should().dependOnClassesThat().resideInAPackage("dev.flightdeck.sandbox..")
                .because("a drill's world is a cluster's API (a sandbox, a staging cluster) reached like any other")
                .check(drills);
    }
}
