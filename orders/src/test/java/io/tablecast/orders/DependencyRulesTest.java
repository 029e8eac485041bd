package io.tablecast.orders;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "io.tablecast.orders", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  /** Written as a team would: against the projection API alone, and Avro for its events. */
  @ArchTest
  static final ArchRule theOrdersKnowTheEngineOnlyThroughTheProjectionApi = classes().should().onlyDependOnClassesThat()
      .resideInAnyPackage("io.tablecast.orders..", "io.tablecast.projection..", "java..", "org.apache.avro..");
}
