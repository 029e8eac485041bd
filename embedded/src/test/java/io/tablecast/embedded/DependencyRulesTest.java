package io.tablecast.embedded;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** testkit's {@code ArchitectureRules.NO_PACKAGE_CYCLES}, which this module (upstream of testkit) states itself; it has no adapters. */
@AnalyzeClasses(packages = "io.tablecast.embedded", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  @ArchTest
  static final ArchRule noPackageCycles = slices().matching("io.tablecast.(**)").should().beFreeOfCycles();
}
