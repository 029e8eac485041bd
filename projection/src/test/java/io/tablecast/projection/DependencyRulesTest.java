package io.tablecast.projection;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "io.tablecast.projection", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  /** The API a team builds its views on: plain Java, no Kafka, no Azure, no other piece of Tablecast. */
  @ArchTest
  static final ArchRule theApiIsPlainJava = classes().should().onlyDependOnClassesThat()
      .resideInAnyPackage("io.tablecast.projection..", "java..");
}
