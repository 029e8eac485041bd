package io.tablecast.views;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import io.tablecast.testkit.ModuleRules;

@AnalyzeClasses(packages = "io.tablecast.views", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  @ArchTest
  static final ArchTests moduleRules = ArchTests.in(ModuleRules.class);

  /** HR's reads are found on the class path ({@code ViewSetReads}), as any view set's are: the service names none. */
  @ArchTest
  static final ArchRule theServiceNamesNoViewSet =
      noClasses().should().dependOnClassesThat().resideInAnyPackage("io.tablecast.hr..", "io.tablecast.events..");
}
