package io.tablecast.projector;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.tablecast.testkit.ArchitectureRules;

@AnalyzeClasses(packages = "io.tablecast.projector", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  @ArchTest
  static final ArchRule domainIsFreeOfInfrastructure = ArchitectureRules.DOMAIN_IS_FREE_OF_INFRASTRUCTURE;

  @ArchTest
  static final ArchRule applicationKnowsNoAdapter = ArchitectureRules.APPLICATION_KNOWS_NO_ADAPTER;
}
