package dev.flightdeck.views;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dependency direction views -> app -> fabric8, checked on the compiled classes:
 * the core never sees JavaFX (it runs in {@code check} and in tests without a screen),
 * and the views never see fabric8 (everything Kubernetes goes through app/).
 */
class ArchitectureTest {

    private static JavaClasses app;
    private static JavaClasses views;

    @BeforeAll
    static void importClasses() {
        // The app classes come from the flightdeck-app jar on the test class path.
        ClassFileImporter importer = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS);
        app = importer.importPackages("dev.flightdeck.app");
        views = importer.importPackages("dev.flightdeck.views");
    }

    @Test
    void bothLayersAreActuallyImported() {
        // Guards against a rule passing vacuously because nothing was found on the class path.
        assertTrue(app.stream().anyMatch(c -> c.getName().equals("dev.flightdeck.app.model.ClusterModel")),
                "app classes imported: " + app.size());
        assertTrue(app.size() > 20, "app classes imported: " + app.size());
        assertTrue(views.stream().anyMatch(c -> c.getName().equals("dev.flightdeck.views.nodes.NodesViewModel")),
                "views classes imported: " + views.size());
        assertTrue(views.size() > 10, "views classes imported: " + views.size());
    }

    @Test
    void noPackageDependsOnItselfThroughAnother() {
        // Every package at every depth is its own slice, views and views.shell as much as views.nodes
        // and views.gangs: a cycle between a parent and its sub-package is still a cycle.
        slices().matching("dev.flightdeck.(**)").should().beFreeOfCycles()
                .because("a cycle makes two packages one: neither can be understood, tested or moved alone")
                .check(views);
    }

    @Test
    void theCoreDoesNotDependOnJavaFx() {
        ArchRule rule = noClasses().that().resideInAPackage("dev.flightdeck.app..")
                .should().dependOnClassesThat().resideInAPackage("javafx..")
                .because("app/ is the headless core: check, tests and the model run without a screen");
        rule.check(app);
    }

    @Test
    void theViewsDoNotDependOnFabric8() {
        ArchRule rule = noClasses().that().resideInAPackage("dev.flightdeck.views..")
                .should().dependOnClassesThat().resideInAPackage("io.fabric8..")
                .because("views go through app/ for everything Kubernetes");
        rule.check(views);
    }

    @Test
    void theScreensDoNotUseTheCommandLine() {
        // The Launcher is the process's entry point: it hands a headless command (check, drain, drill…)
        // to cli/ before any screen exists. Nothing else in the GUI may reach into cli/.
        ArchRule rule = noClasses().that().resideInAPackage("dev.flightdeck.views..")
                .and().doNotHaveFullyQualifiedName("dev.flightdeck.views.Launcher")
                .should().dependOnClassesThat().resideInAPackage("dev.flightdeck.app.cli..")
                .because("the console and the headless commands are two faces of the same core, not of each other");
        rule.check(views);
    }

    @Test
    void onlyTheApplicationsStarterTouchesTheSandbox() {
        // The application ships the sandbox and starts it (EmbeddedSandbox); every screen sees it as
        // any cluster, through the core: its episodes are switched over HTTP like a drill's faults.
        ArchRule rule = noClasses().that().resideInAPackage("dev.flightdeck.views..")
                .and().doNotHaveFullyQualifiedName("dev.flightdeck.views.EmbeddedSandbox")
                .should().dependOnClassesThat().resideInAPackage("dev.flightdeck.sandbox..")
                .because("a screen that reached into the sandbox would behave on the demo as on no real cluster");
        rule.check(views);
    }

    @Test
    void theWindowsCarryOutActionsOnlyThroughTheCoresActionRun() {
        // An action's journal entries, its Event on the object and its outcome are ActionRun's, the
        // same for the console and the headless commands; a window that journaled or posted Events
        // itself would drift from them again (as cordon, preflight and resume once had).
        var actionInternals = com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage("dev.flightdeck.app.actions..")
                .and(com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith("Executor")
                        .or(com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName("ActionJournal"))
                        .or(com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleName("ClusterEvents")));
        ArchRule rule = noClasses().that().resideInAPackage("dev.flightdeck.views..")
                .should().dependOnClassesThat(actionInternals)
                .because("every action runs through ActionRun (plan, confirmation, steps, Event, one outcome)");
        rule.check(views);
    }

    @Test
    void textLeavesTheConsoleOnlyThroughTheRedactionBoundary() {
        // A copy or a save that bypassed CopiedText would carry secrets the journal, the plans and the
        // headless commands never show. Its own use of the clipboard and of Files is the one allowed.
        for (ArchRule rule : boundaryRules("dev.flightdeck.views.copy.CopiedText")) {
            rule.check(views);
        }
        // Without the one exception the same rules fail on CopiedText itself: they see real calls.
        for (ArchRule rule : boundaryRules("none")) {
            assertTrue(rule.evaluate(views).hasViolation(), rule.getDescription());
        }
    }

    private static java.util.List<ArchRule> boundaryRules(String allowed) {
        ArchRule clipboard = noClasses().that().resideInAPackage("dev.flightdeck.views..")
                .and().doNotHaveFullyQualifiedName(allowed)
                .should().dependOnClassesThat().haveFullyQualifiedName("javafx.scene.input.Clipboard")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("javafx.scene.input.ClipboardContent")
                .because("what a person copies passes the redaction boundary (CopiedText)");
        ArchRule files = noClasses().that().resideInAPackage("dev.flightdeck.views..")
                .and().doNotHaveFullyQualifiedName(allowed)
                .should().callMethodWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                        com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
                                com.tngtech.archunit.base.DescribedPredicate.describe("java.nio.file.Files",
                                        o -> o.getName().equals("java.nio.file.Files"))))
                        .and(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                                com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching(
                                        "write|writeString|newBufferedWriter|newOutputStream"))))
                .because("what a person saves passes the redaction boundary (CopiedText)");
        return java.util.List.of(clipboard, files);
    }

    @Test
    void theRulesCatchAViolation() {
        // The views do depend on JavaFX; the same rule shape pointed at them must fail,
        // which shows the rules see real dependencies and are not empty checks.
        ArchRule wouldFail = noClasses().that().resideInAPackage("dev.flightdeck.views..")
                .should().dependOnClassesThat().resideInAPackage("javafx..");
        assertTrue(wouldFail.evaluate(views).hasViolation());
    }
}
