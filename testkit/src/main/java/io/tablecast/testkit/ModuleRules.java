package io.tablecast.testkit;

import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The rules every module's architecture test applies to its own classes, as one set:
 *
 * <pre>{@code
 * @AnalyzeClasses(packages = "io.tablecast.workers", importOptions = ImportOption.DoNotIncludeTests.class)
 * class DependencyRulesTest {
 *   @ArchTest
 *   static final ArchTests moduleRules = ArchTests.in(ModuleRules.class);
 * }
 * }</pre>
 */
public final class ModuleRules {

  private ModuleRules() {}

  @ArchTest
  static final ArchRule domainIsFreeOfInfrastructure = ArchitectureRules.DOMAIN_IS_FREE_OF_INFRASTRUCTURE;

  @ArchTest
  static final ArchRule applicationKnowsNoAdapter = ArchitectureRules.APPLICATION_KNOWS_NO_ADAPTER;

  @ArchTest
  static final ArchRule adaptersDoNotImportOtherAdapters = ArchitectureRules.ADAPTERS_DO_NOT_IMPORT_OTHER_ADAPTERS;

  @ArchTest
  static final ArchRule noPackageCycles = ArchitectureRules.NO_PACKAGE_CYCLES;
}
