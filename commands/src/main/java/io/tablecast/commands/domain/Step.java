package io.tablecast.commands.domain;

/**
 * One visit of a command to one aggregate. A command that touches several aggregates (a hire
 * checks its department, then creates the employee) visits them one after the other, each on
 * the Kafka partition that owns that aggregate, so every check reads state that only that
 * partition writes.
 */
public record Step(Kind kind, Target target, String id) {

  public enum Kind {
    /** Check that the referenced department exists. */
    REQUIRE_DEPARTMENT,
    /** Decide the command on its own aggregate and record the event. */
    DECIDE
  }

  public enum Target {
    DEPARTMENT("department:"),
    EMPLOYEE("employee:");

    private final String prefix;

    Target(String prefix) {
      this.prefix = prefix;
    }
  }

  /** The Kafka record key of this step: the partition that owns the aggregate. */
  public String routingKey() {
    return target.prefix + id;
  }
}
