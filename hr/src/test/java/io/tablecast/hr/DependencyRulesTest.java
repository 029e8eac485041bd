package io.tablecast.hr;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "io.tablecast.hr", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  /**
   * Written as a team would: against the projection API, with HR's events and their codec, Jackson
   * for the JSON of its items, and {@code key()} escaping from the engine's layouts; no Azure, Kafka
   * or engine type.
   */
  @ArchTest
  static final ArchRule hrKnowsTheEngineOnlyThroughTheProjectionApi = classes().should().onlyDependOnClassesThat()
      .resideInAnyPackage("io.tablecast.hr..", "io.tablecast.projection..", "io.tablecast.events..", "io.tablecast.schemas..",
          "com.fasterxml.jackson..", "io.tablecast.common.tables", "java..");
}
