package io.tablecast.projector;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import io.tablecast.testkit.ModuleRules;

@AnalyzeClasses(packages = "io.tablecast.projector", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  @ArchTest
  static final ArchTests moduleRules = ArchTests.in(ModuleRules.class);

  /** The projector finds the queue workers it runs beside it at run time ({@code InProcessWorkers}). */
  @ArchTest
  static final ArchRule theProjectorDoesNotCompileAgainstTheWorkers =
      noClasses().should().dependOnClassesThat().resideInAPackage("io.tablecast.workers..");
}
