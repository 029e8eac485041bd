package io.tablecast.commands;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.tablecast.testkit.ArchitectureRules;

@AnalyzeClasses(packages = "io.tablecast.commands", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  @ArchTest
  static final ArchRule domainIsFreeOfInfrastructure = ArchitectureRules.DOMAIN_IS_FREE_OF_INFRASTRUCTURE;

  @ArchTest
  static final ArchRule applicationKnowsNoAdapter = ArchitectureRules.APPLICATION_KNOWS_NO_ADAPTER;

  @ArchTest
  static final ArchRule adaptersDoNotImportOtherAdapters = ArchitectureRules.ADAPTERS_DO_NOT_IMPORT_OTHER_ADAPTERS;

  @ArchTest
  static final ArchRule noPackageCycles = ArchitectureRules.noCycles("io.tablecast.commands");

  @ArchTest
  static final ArchRule generatedInternalRecordsStayInTheSchemaAdapter =
      noClasses().that().resideOutsideOfPackage("..adapter.out.kafka.schema..")
          .should().dependOnClassesThat().resideInAPackage("io.tablecast.internal.avro..")
          .because("the mutable generated Avro classes are mapped to records in one place (STYLE 4)");
}
