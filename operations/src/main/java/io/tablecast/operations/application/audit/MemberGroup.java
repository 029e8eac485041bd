package io.tablecast.operations.application.audit;

import io.tablecast.operations.application.audit.AuditRecords.Line;
import io.tablecast.operations.application.audit.Difference.Kind;
import io.tablecast.projection.LogAudit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The members of one group of a partition of a packed table, as the merge meets them in order:
 * how many match, and which are missing or extra (the first {@code maxShown} of each kept for the
 * report, all counted). Memory is bounded by {@code maxShown}.
 */
final class MemberGroup {

  private final LogAudit.PackedTable table;
  private final String partitionKey;
  private final String group;
  private final int maxShown;
  private final List<String> missing = new ArrayList<>();
  private final List<String> extra = new ArrayList<>();
  private long matching;
  private long missingCount;
  private long extraCount;

  MemberGroup(LogAudit.PackedTable table, String partitionKey, String group, int maxShown) {
    this.table = table;
    this.partitionKey = partitionKey;
    this.group = group;
    this.maxShown = maxShown;
  }

  boolean holds(Line line) {
    return line.table().equals(table.table().baseName()) && line.partitionKey().equals(partitionKey) && line.rowKey().equals(group);
  }

  void add(String member, boolean expected, boolean actual) {
    if (expected && actual) {
      matching++;
    } else if (expected) {
      missingCount++;
      keep(missing, member);
    } else {
      extraCount++;
      keep(extra, member);
    }
  }

  private void keep(List<String> members, String member) {
    if (members.size() < maxShown) {
      members.add(member);
    }
  }

  Optional<Difference> difference() {
    if (missingCount == 0 && extraCount == 0) {
      return Optional.empty();
    }
    Kind kind = matching > 0 ? Kind.DIFFERENT : extraCount == 0 ? Kind.MISSING : missingCount == 0 ? Kind.EXTRA : Kind.DIFFERENT;
    List<String> details = new ArrayList<>();
    if (missingCount > 0) {
      details.add(describe("missing " + table.members(), missing, missingCount));
    }
    if (extraCount > 0) {
      details.add(describe("extra " + table.members(), extra, extraCount));
    }
    return Optional.of(new Difference(table.table(), partitionKey, table.shown(group), kind, details));
  }

  private static String describe(String what, List<String> shown, long count) {
    String more = count > shown.size() ? " and " + (count - shown.size()) + " more" : "";
    return what + " (" + count + "): " + String.join(",", shown) + more;
  }
}
