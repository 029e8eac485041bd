package io.tablecast.schemas;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The domain records know nothing of their wire form (STYLE guidelines 2 and 4). */
class DomainDependencyRulesTest {

  private static final JavaClasses MAIN_CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("io.tablecast");

  @Test
  void domainEventsDoNotDependOnAvroKafkaOrTheirWireForm() {
    noClasses()
        .that().resideInAPackage("io.tablecast.events")
        .should().dependOnClassesThat().resideInAnyPackage(
            "org.apache.avro..", "org.apache.kafka..", "io.tablecast.events.avro..", "io.tablecast.schemas..")
        .check(MAIN_CLASSES);
  }

  @Test
  void onlyTheSchemasPackageTouchesTheGeneratedAvroClasses() {
    noClasses()
        .that().resideOutsideOfPackages("io.tablecast.events.avro..", "io.tablecast.schemas..")
        .should().dependOnClassesThat().resideInAPackage("io.tablecast.events.avro..")
        .check(MAIN_CLASSES);
  }

  /** The rule of testkit's {@code ArchitectureRules.noCycles}, which this module cannot depend on. */
  @Test
  void noTwoPackagesDependOnEachOther() {
    slices().matching("io.tablecast.(**)").should().beFreeOfCycles().check(MAIN_CLASSES);
  }
}
