package io.tablecast.commands.domain;

import java.util.Optional;

/**
 * Why the command processor refused a command. The kinds are the domain's; the HTTP adapter
 * maps them to statuses (SPEC §9).
 */
public record Rejection(Kind kind, String code, String detail, Optional<String> field) {

  public enum Kind {
    /** The aggregate named in the URL does not exist. */
    NOT_FOUND,
    /** The command conflicts with the aggregate's state: duplicate, taken, archived. */
    CONFLICT,
    /** A reference in the body does not exist, or the command makes no sense in this state. */
    UNPROCESSABLE,
    /** The client's expected version is stale. */
    PRECONDITION_FAILED
  }

  public static Rejection conflict(String code, String detail) {
    return new Rejection(Kind.CONFLICT, code, detail, Optional.empty());
  }

  public static Rejection unknownReference(String field, String detail) {
    return new Rejection(Kind.UNPROCESSABLE, "unknown-reference", detail, Optional.of(field));
  }
}
