package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** The shared rules catch what they are for, on a small fixture that breaks them (archfixture). */
class ArchitectureRulesTest {

  private static final String FIXTURE = "io.tablecast.testkit.archfixture";
  private static final JavaClasses ALL = new ClassFileImporter().importPackages(FIXTURE);

  @Test
  void aCycleThroughTheRootPackageIsCaught() {
    assertThatThrownBy(() -> ArchitectureRules.NO_PACKAGE_CYCLES.check(ALL))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Cycle detected: package " + FIXTURE + " ->")
        .hasMessageContaining("package " + FIXTURE + ".adapter.in.http");
  }

  @Test
  void packagesWithoutACycleAreAccepted() {
    JavaClasses adapters = new ClassFileImporter().importPackages(FIXTURE + ".adapter");

    assertThatCode(() -> ArchitectureRules.NO_PACKAGE_CYCLES.check(adapters)).doesNotThrowAnyException();
  }

  @Test
  void anAdapterThatUsesAnAdapterOfAnotherTechnologyIsCaught() {
    assertThatThrownBy(() -> ArchitectureRules.ADAPTERS_DO_NOT_IMPORT_OTHER_ADAPTERS.check(ALL))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("adapter of http depends on adapter of tables")
        .hasMessageNotContaining("adapter of kafka depends");
  }
}
