package io.tablecast.workers.domain.rows;

import io.tablecast.hr.work.ViewEntity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** One write that turns the current rows into the desired ones. */
public sealed interface RowChange {

  String rowKey();

  /** The row as written, or as it was for a delete. */
  ViewEntity row();

  /** The row did not exist: insert it, failing if it now does. */
  record Insert(ViewEntity after) implements RowChange {
    public String rowKey() {
      return after.rowKey();
    }

    public ViewEntity row() {
      return after;
    }
  }

  /** The row existed and changed: replace it, if it is still the one that was read. */
  record Replace(ViewEntity before, ViewEntity after) implements RowChange {
    public String rowKey() {
      return after.rowKey();
    }

    public ViewEntity row() {
      return after;
    }
  }

  /** The row existed and must go: delete it, if it is still the one that was read. */
  record Delete(ViewEntity before) implements RowChange {
    public String rowKey() {
      return before.rowKey();
    }

    public ViewEntity row() {
      return before;
    }
  }

  /** The changes from {@code current} to {@code desired}; unchanged rows produce none. */
  public static List<RowChange> diff(Map<String, ViewEntity> current, Map<String, ViewEntity> desired) {
    List<RowChange> changes = new ArrayList<>();
    desired.forEach((rowKey, after) -> between(current.get(rowKey), after).ifPresent(changes::add));
    current.forEach(
        (rowKey, before) -> {
          if (!desired.containsKey(rowKey)) {
            changes.add(new Delete(before));
          }
        });
    return changes;
  }

  /** The change that turns one row into another; each may be null (no row); none when they are equal. */
  static Optional<RowChange> between(ViewEntity before, ViewEntity after) {
    if (Objects.equals(before, after)) {
      return Optional.empty();
    }
    if (before == null) {
      return Optional.of(new Insert(after));
    }
    return Optional.of(after == null ? new Delete(before) : new Replace(before, after));
  }
}
