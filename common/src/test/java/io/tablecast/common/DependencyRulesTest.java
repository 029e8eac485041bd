package io.tablecast.common;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** testkit's {@code ArchitectureRules.NO_PACKAGE_CYCLES}, which this module (upstream of testkit) states itself; it has no adapters. */
@AnalyzeClasses(packages = "io.tablecast.common", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  @ArchTest
  static final ArchRule noPackageCycles = slices().matching("io.tablecast.(**)").should().beFreeOfCycles();

  /** The engine's shared pieces know HR's events only by their topics' names, which SPEC §1 fixes beside the others. */
  @ArchTest
  static final ArchRule noEventTypeButTheTopicNames = noClasses().that().doNotHaveSimpleName("TopicNames").should()
      .dependOnClassesThat().resideInAnyPackage("io.tablecast.events..", "io.tablecast.schemas..");
}
