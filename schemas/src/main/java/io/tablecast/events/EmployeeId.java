package io.tablecast.events;

import java.util.Optional;

/**
 * An employee id: 1–8 decimal digits, canonically zero-padded to 8 (SPEC §2), so that ids sort
 * as text the way they sort as numbers (the guide's "Sorting data" advice).
 */
public record EmployeeId(int value) implements Comparable<EmployeeId> {

  private static final int MAX = 99_999_999;
  private static final String ZEROS = "00000000";

  public EmployeeId {
    if (value < 0 || value > MAX) {
      throw new IllegalArgumentException("'value' must be within 0..99999999, was " + value);
    }
  }

  /** Accepts either form, {@code "123"} or {@code "00000123"}. */
  public static EmployeeId parse(String text) {
    return tryParse(text)
        .orElseThrow(() -> new IllegalArgumentException("'employeeId' must be 1-8 decimal digits."));
  }

  public static Optional<EmployeeId> tryParse(String text) {
    if (text == null || text.isEmpty() || text.length() > 8) {
      return Optional.empty();
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return Optional.empty();
      }
    }
    return Optional.of(new EmployeeId(Integer.parseInt(text)));
  }

  /** The 8-digit form used in keys and JSON. */
  public String canonical() {
    String digits = Integer.toString(value);
    return ZEROS.substring(digits.length()) + digits; // String.format costs a Formatter per call, on every key and response
  }

  @Override
  public int compareTo(EmployeeId other) {
    return Integer.compare(value, other.value);
  }

  @Override
  public String toString() {
    return canonical();
  }
}
