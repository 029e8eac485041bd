package io.tablecast.testkit;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;

@AnalyzeClasses(packages = "io.tablecast.testkit", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  @ArchTest
  static final ArchTests moduleRules = ArchTests.in(ModuleRules.class);
}
