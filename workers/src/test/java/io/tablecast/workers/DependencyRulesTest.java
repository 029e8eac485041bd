package io.tablecast.workers;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.junit.ArchTests;
import io.tablecast.testkit.ModuleRules;

@AnalyzeClasses(packages = "io.tablecast.workers", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyRulesTest {

  @ArchTest
  static final ArchTests moduleRules = ArchTests.in(ModuleRules.class);
}
