package io.tablecast.commands.domain;

/**
 * One visit of a command to one aggregate. A command that touches several aggregates (a hire
 * checks its department, claims its email, then creates the employee) visits them one after the
 * other, each on the Kafka partition that owns that aggregate, so every check reads state that
 * only that partition writes.
 */
public record Step(Kind kind, Target target, String id) {

  public enum Kind {
    /** Look the request up in the idempotency registry: new, replay, in flight or reuse. */
    CHECK_IDEMPOTENCY,
    /** Check that a department named in the body exists. */
    REQUIRE_DEPARTMENT,
    /** Check that the named manager is an active employee, and pick up their details. */
    LOOKUP_MANAGER,
    /** Claim an email address for an employee in the email registry. */
    CLAIM_EMAIL,
    /** Decide the command on its own aggregate: record an event, a no-op, or a rejection. */
    DECIDE
  }

  /** The kinds of state the processor keeps, one store each. */
  public enum Target {
    DEPARTMENT("department:"),
    EMPLOYEE("employee:"),
    EMAIL("email:"),
    IDEMPOTENCY("idempotency:");

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
