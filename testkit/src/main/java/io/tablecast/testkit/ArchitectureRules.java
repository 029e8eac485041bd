package io.tablecast.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;

/**
 * The dependency rules of ports and adapters, shared by every deployable's architecture test:
 * the domain knows no infrastructure, and the application layer knows no adapter.
 */
public final class ArchitectureRules {

  private ArchitectureRules() {}

  /** {@code domain} depends on no Kafka, Azure, HTTP or JSON type, and on no adapter. */
  public static final ArchRule DOMAIN_IS_FREE_OF_INFRASTRUCTURE =
      noClasses().that().resideInAPackage("..domain..")
          .should().dependOnClassesThat().resideInAnyPackage(
              "org.apache.kafka..", "com.azure..", "io.javalin..", "com.fasterxml.jackson..",
              "org.apache.avro..", "..adapter..", "io.tablecast.events.avro..", "io.tablecast.internal.avro..")
          .because("the domain is pure: it is tested without infrastructure (STYLE 2)");

  /** {@code application} reaches infrastructure only through its ports. */
  public static final ArchRule APPLICATION_KNOWS_NO_ADAPTER =
      noClasses().that().resideInAPackage("..application..")
          .should().dependOnClassesThat().resideInAnyPackage(
              "..adapter..", "com.azure..", "io.javalin..", "org.apache.kafka.streams..")
          .because("adapters implement the application's ports, not the other way round");
}
