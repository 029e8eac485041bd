package io.tablecast.commands.domain;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Why a command was refused. The kinds are the domain's; the HTTP adapter maps them to statuses
 * (SPEC §9) in one place.
 *
 * @param code a stable slug, such as {@code email-taken}, that becomes the problem type
 * @param violations the field problems, for {@link Kind#INVALID} and {@link Kind#MALFORMED}
 */
public record Rejection(Kind kind, String code, String detail, List<Violation> violations) {

  public enum Kind {
    /** The request is not well-formed: syntax, unknown fields, wrong types, bad headers. */
    MALFORMED,
    /** The aggregate named in the URL does not exist. */
    NOT_FOUND,
    /** The command conflicts with the aggregate's state: duplicate, taken, archived. */
    CONFLICT,
    /** Well-formed, but invalid: field rules, unknown references, senseless transitions. */
    INVALID,
    /** The client's expected version is stale. */
    PRECONDITION_FAILED
  }

  public Rejection {
    Objects.requireNonNull(kind, "'kind' cannot be null.");
    Objects.requireNonNull(code, "'code' cannot be null.");
    Objects.requireNonNull(detail, "'detail' cannot be null.");
    violations = List.copyOf(violations);
  }

  public static Rejection notFound(String what) {
    return new Rejection(Kind.NOT_FOUND, "not-found", what + " does not exist.", List.of());
  }

  public static Rejection conflict(String code, String detail) {
    return new Rejection(Kind.CONFLICT, code, detail, List.of());
  }

  public static Rejection conflict(String code, String field, String detail) {
    return new Rejection(Kind.CONFLICT, code, detail, List.of(new Violation(field, detail)));
  }

  public static Rejection unknownReference(String field, String detail) {
    return new Rejection(Kind.INVALID, "unknown-reference", detail, List.of(new Violation(field, detail)));
  }

  public static Rejection invalid(String code, String field, String detail) {
    return new Rejection(Kind.INVALID, code, detail, List.of(new Violation(field, detail)));
  }

  public static Rejection staleVersion(long expected, long actual) {
    return new Rejection(
        Kind.PRECONDITION_FAILED,
        "stale-version",
        "If-Match expected version " + expected + " but the current version is " + actual + ".",
        List.of());
  }

  /** The field the rejection is about, when there is exactly one. */
  public Optional<String> field() {
    return violations.size() == 1 ? Optional.of(violations.get(0).field()) : Optional.empty();
  }
}
