package io.tablecast.viewstore.adapter.out.tables;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.hr.work.WorkerState;
import io.tablecast.hr.work.WorkerState.IndexEntries;
import io.tablecast.hr.work.WorkerState.LastNameEntry;
import io.tablecast.hr.work.WorkerState.Lease;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The row form of {@link WorkerState}, {@code EmployeeIndex} {@code empid_<id8>} /
 * {@code worker}: plain properties, and JSON arrays for the sets (docs/work-items.md).
 */
public final class WorkerStateRows {

  static final String INDEXED_EMAIL = "IndexedEmail";
  static final String INDEXED_LAST_NAME = "IndexedLastName";
  static final String INDEXED_DEPARTMENT_ID = "IndexedDepartmentId";
  static final String STALE_EMAILS = "StaleEmails";
  static final String STALE_LAST_NAMES = "StaleLastNames";
  static final String MANAGED_DEPARTMENTS = "ManagedDepartments";
  static final String LEASE_OWNER = "LeaseOwner";
  static final String LEASE_UNTIL = "LeaseUntil";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};
  private static final TypeReference<List<List<String>>> PAIRS = new TypeReference<>() {};

  private WorkerStateRows() {}

  public static ViewEntity toRow(WorkerState state) {
    ViewEntity row = ViewEntity.of(IndexLayout.WORKER_ROW, IndexLayout.TYPE_WORKER_STATE).with(ViewEntity.VERSION, state.version());
    if (state.indexed().email().isPresent()) {
      row = row.with(INDEXED_EMAIL, state.indexed().email().get());
    }
    if (state.indexed().lastName().isPresent()) {
      row = row.with(INDEXED_LAST_NAME, state.indexed().lastName().get().lastName())
          .with(INDEXED_DEPARTMENT_ID, state.indexed().lastName().get().departmentId());
    }
    row = withList(row, STALE_EMAILS, List.copyOf(state.staleEmails()));
    row = withList(row, STALE_LAST_NAMES, state.staleLastNames().stream().map(e -> List.of(e.lastName(), e.departmentId())).toList());
    row = withList(row, MANAGED_DEPARTMENTS, List.copyOf(state.managedDepartments()));
    if (state.lease().isPresent()) {
      row = row.with(LEASE_OWNER, state.lease().get().owner()).with(LEASE_UNTIL, state.lease().get().until());
    }
    return row;
  }

  public static WorkerState fromRow(ViewEntity row) {
    Optional<LastNameEntry> lastName = row.optionalString(INDEXED_LAST_NAME)
        .map(name -> new LastNameEntry(name, row.string(INDEXED_DEPARTMENT_ID)));
    Set<LastNameEntry> staleLastNames = read(row, STALE_LAST_NAMES, PAIRS).stream()
        .map(pair -> new LastNameEntry(pair.get(0), pair.get(1))).collect(Collectors.toSet());
    Optional<Lease> lease = row.optionalString(LEASE_OWNER).map(owner -> new Lease(owner, row.instant(LEASE_UNTIL)));
    return new WorkerState(new IndexEntries(row.optionalString(INDEXED_EMAIL), lastName),
        Set.copyOf(read(row, STALE_EMAILS, STRINGS)), staleLastNames, Set.copyOf(read(row, MANAGED_DEPARTMENTS, STRINGS)),
        row.version(), lease);
  }

  private static ViewEntity withList(ViewEntity row, String name, List<?> values) {
    if (values.isEmpty()) {
      return row;
    }
    try {
      return row.with(name, JSON.writeValueAsString(values));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write " + name, e);
    }
  }

  private static <T> List<T> read(ViewEntity row, String name, TypeReference<List<T>> type) {
    Optional<String> text = row.optionalString(name);
    if (text.isEmpty()) {
      return List.of();
    }
    try {
      return JSON.readValue(text.get(), type);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Unreadable " + name + " in a worker state: " + e.getOriginalMessage(), e);
    }
  }
}
