package io.tablecast.commands;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import com.tngtech.archunit.lang.ArchRule;
import io.tablecast.testkit.ModuleRules;

@AnalyzeClasses(packages = "io.tablecast.commands", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  @ArchTest
  static final ArchTests moduleRules = ArchTests.in(ModuleRules.class);

  @ArchTest
  static final ArchRule generatedInternalRecordsStayInTheSchemaAdapter =
      noClasses().that().resideOutsideOfPackage("..adapter.out.kafka.schema..")
          .should().dependOnClassesThat().resideInAPackage("io.tablecast.internal.avro..")
          .because("the mutable generated Avro classes are mapped to records in one place (STYLE 4)");

  @ArchTest
  static final ArchRule holdsNoStorageCredential =
      noClasses().should().dependOnClassesThat().resideInAnyPackage("com.azure..", "io.tablecast.common.tables..")
          .orShould().dependOnClassesThat().haveFullyQualifiedName("io.tablecast.common.config.StorageSettings")
          .because("the commands service writes only to Kafka and is given no storage credential (least privilege)");
}
