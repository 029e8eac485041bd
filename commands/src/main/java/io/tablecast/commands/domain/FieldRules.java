package io.tablecast.commands.domain;

import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import java.util.ArrayList;
import java.util.List;

/**
 * The text and number rules of SPEC §9, collected so that a client learns every problem of a
 * request at once. Pure; one instance per request.
 */
public final class FieldRules {

  public static final int MAX_NAME_LENGTH = 200;
  public static final int MAX_REASON_LENGTH = 500;
  public static final int MAX_EMAIL_LENGTH = 254;
  public static final int MIN_AGE = 16;
  public static final int MAX_AGE = 120;

  private final List<Violation> violations = new ArrayList<>();

  public List<Violation> violations() {
    return List.copyOf(violations);
  }

  public boolean ok() {
    return violations.isEmpty();
  }

  /** A field that was given, but as {@code null}. */
  public FieldRules notNull(String field) {
    violations.add(new Violation(field, "must not be null"));
    return this;
  }

  /** Names: 1–200 UTF-16 units, no control characters, no lone surrogates. */
  public FieldRules name(String field, String value) {
    if (required(field, value)) {
      text(field, value, 1, MAX_NAME_LENGTH);
    }
    return this;
  }

  /** An optional text of 0–{@code max} units; null is fine. */
  public FieldRules optionalText(String field, String value, int max) {
    if (value != null) {
      text(field, value, 0, max);
    }
    return this;
  }

  public FieldRules email(String field, String value) {
    if (!required(field, value) || !text(field, value, 1, MAX_EMAIL_LENGTH)) {
      return this;
    }
    int at = value.indexOf('@');
    if (at <= 0 || at != value.lastIndexOf('@') || at == value.length() - 1) {
      violations.add(new Violation(field, "must have exactly one @ with a non-empty local part and domain"));
    } else if (value.codePoints().anyMatch(FieldRules::isWhitespace)) {
      violations.add(new Violation(field, "must not contain whitespace"));
    }
    return this;
  }

  public FieldRules age(String field, Integer value) {
    if (value == null) {
      violations.add(new Violation(field, "is required"));
    } else if (value < MIN_AGE || value > MAX_AGE) {
      violations.add(new Violation(field, "must be between " + MIN_AGE + " and " + MAX_AGE));
    }
    return this;
  }

  public FieldRules employeeId(String field, String value) {
    if (required(field, value) && EmployeeId.tryParse(value).isEmpty()) {
      violations.add(new Violation(field, "must be 1 to 8 decimal digits"));
    }
    return this;
  }

  public FieldRules departmentId(String field, String value) {
    if (required(field, value) && DepartmentId.tryParse(value).isEmpty()) {
      violations.add(new Violation(field, "must match ^[A-Za-z][A-Za-z0-9-]{0,63}$"));
    }
    return this;
  }

  private boolean required(String field, Object value) {
    if (value == null) {
      violations.add(new Violation(field, "is required"));
      return false;
    }
    return true;
  }

  private boolean text(String field, String value, int min, int max) {
    int before = violations.size();
    if (value.length() < min || value.length() > max) {
      violations.add(new Violation(field, "must have " + min + " to " + max + " characters"));
    }
    if (value.codePoints().anyMatch(FieldRules::isControl)) {
      violations.add(new Violation(field, "must not contain control characters"));
    }
    if (hasLoneSurrogate(value)) {
      violations.add(new Violation(field, "must not contain lone surrogates"));
    }
    return violations.size() == before;
  }

  static boolean isControl(int cp) {
    return cp <= 0x1F || (cp >= 0x7F && cp <= 0x9F);
  }

  private static boolean isWhitespace(int cp) {
    return Character.isWhitespace(cp) || Character.isSpaceChar(cp);
  }

  static boolean hasLoneSurrogate(String value) {
    // codePoints() yields an unpaired surrogate as itself; paired ones become supplementary.
    return value.codePoints().anyMatch(cp -> cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE);
  }
}
