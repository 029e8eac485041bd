package io.tablecast.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;

/**
 * The dependency rules of ports and adapters, shared by every deployable's architecture test:
 * the domain knows no infrastructure, the application layer knows no adapter, adapters of one
 * technology know none of another, and no two packages depend on each other.
 */
public final class ArchitectureRules {

  private ArchitectureRules() {}

  /** {@code domain} depends on no Kafka, Azure, HTTP or JSON type, and on no adapter. */
  public static final ArchRule DOMAIN_IS_FREE_OF_INFRASTRUCTURE =
      noClasses().that().resideInAPackage("..domain..")
          .should().dependOnClassesThat().resideInAnyPackage(
              "org.apache.kafka..", "com.azure..", "io.javalin..", "com.fasterxml.jackson..",
              "org.apache.avro..", "..adapter..", "io.tablecast.events.avro..", "io.tablecast.internal.avro..")
          .because("the domain is pure: it is tested without infrastructure (STYLE 2)")
          .allowEmptyShould(true);

  /** {@code application} reaches infrastructure only through its ports. */
  public static final ArchRule APPLICATION_KNOWS_NO_ADAPTER =
      noClasses().that().resideInAPackage("..application..")
          .should().dependOnClassesThat().resideInAnyPackage(
              "..adapter..", "com.azure..", "io.javalin..", "org.apache.kafka.streams..")
          .because("adapters implement the application's ports, not the other way round")
          .allowEmptyShould(true);

  /**
   * The adapters of one technology ({@code adapter.in.http}, {@code adapter.*.kafka}, {@code
   * adapter.out.tables}, ...) depend on no adapter of another. The in and out adapters of one
   * technology may share its wire format (the command side's Kafka records are written by one and
   * read by the other), and any adapter may use a package directly under {@code adapter} (such as
   * {@code adapter.support}).
   */
  public static final ArchRule ADAPTERS_DO_NOT_IMPORT_OTHER_ADAPTERS =
      slices().matching("..adapter.*.(*)..").namingSlices("adapter of $1")
          .should().notDependOnEachOther()
          .because("adapters meet only through the application's ports (STYLE 2)")
          .allowEmptyShould(true);

  /**
   * No two packages of the classes analysed depend on each other, directly or through others:
   * each package under {@code io.tablecast} is a slice of its own.
   */
  public static final ArchRule NO_PACKAGE_CYCLES =
      slices().matching("io.tablecast.(**)").namingSlices("package io.tablecast.$1").should().beFreeOfCycles()
          .because("a package cycle ties its packages into one: none can be understood, tested or moved alone")
          .allowEmptyShould(true);
}
