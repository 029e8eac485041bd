package io.tablecast.events;

import java.util.Optional;
import java.util.regex.Pattern;

/** A department id, used verbatim as the PartitionKey of its department (SPEC §2). */
public record DepartmentId(String value) {

  private static final Pattern FORMAT = Pattern.compile("[A-Za-z][A-Za-z0-9-]{0,63}");

  public DepartmentId {
    if (value == null || !FORMAT.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "'departmentId' must match ^[A-Za-z][A-Za-z0-9-]{0,63}$.");
    }
  }

  public static Optional<DepartmentId> tryParse(String text) {
    return text != null && FORMAT.matcher(text).matches()
        ? Optional.of(new DepartmentId(text))
        : Optional.empty();
  }

  @Override
  public String toString() {
    return value;
  }
}
