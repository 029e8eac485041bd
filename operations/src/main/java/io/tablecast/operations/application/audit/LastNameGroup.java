package io.tablecast.operations.application.audit;

import io.tablecast.hr.tables.ViewTable;
import io.tablecast.operations.application.audit.AuditRecords.Line;
import io.tablecast.operations.application.audit.Difference.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The ids of one department under one last name in {@code EmployeesByLastName}, as the merge
 * meets them in id order: how many match, and which are missing or extra (the first {@code
 * maxShown} of each kept for the report, all counted). Memory is bounded by {@code maxShown}.
 */
final class LastNameGroup {

  private final String partitionKey;
  private final String departmentId;
  private final int maxShown;
  private final List<String> missing = new ArrayList<>();
  private final List<String> extra = new ArrayList<>();
  private long matching;
  private long missingCount;
  private long extraCount;

  LastNameGroup(String partitionKey, String departmentId, int maxShown) {
    this.partitionKey = partitionKey;
    this.departmentId = departmentId;
    this.maxShown = maxShown;
  }

  boolean holds(Line line) {
    return line.partitionKey().equals(partitionKey) && line.rowKey().equals(departmentId);
  }

  void add(String employeeId, boolean expected, boolean actual) {
    if (expected && actual) {
      matching++;
    } else if (expected) {
      missingCount++;
      keep(missing, employeeId);
    } else {
      extraCount++;
      keep(extra, employeeId);
    }
  }

  private void keep(List<String> ids, String id) {
    if (ids.size() < maxShown) {
      ids.add(id);
    }
  }

  Optional<Difference> difference() {
    if (missingCount == 0 && extraCount == 0) {
      return Optional.empty();
    }
    Kind kind = matching > 0 ? Kind.DIFFERENT : extraCount == 0 ? Kind.MISSING : missingCount == 0 ? Kind.EXTRA : Kind.DIFFERENT;
    List<String> details = new ArrayList<>();
    if (missingCount > 0) {
      details.add(describe("missing ids", missing, missingCount));
    }
    if (extraCount > 0) {
      details.add(describe("extra ids", extra, extraCount));
    }
    return Optional.of(new Difference(ViewTable.EMPLOYEES_BY_LAST_NAME, partitionKey, departmentId + "_*", kind, details));
  }

  private static String describe(String what, List<String> shown, long count) {
    String more = count > shown.size() ? " and " + (count - shown.size()) + " more" : "";
    return what + " (" + count + "): " + String.join(",", shown) + more;
  }
}
