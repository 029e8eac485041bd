package io.tablecast.hr.steps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.rows.LocatorRow;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * What HR's steps know of one employee, in its intent row ({@code EmployeeIndex} {@code
 * empid_<id8>} / {@code worker}, beside its locator; SPEC §3 keeps its properties internal): where
 * its index entries are, which departments it manages, and, while a turn of it is not settled, what
 * that turn is about to do. Pure: every transition returns a new value.
 *
 * <p>Index entries are spread over many partitions, so no transaction can move an employee's
 * entries. A turn that changes them first writes its <em>intent</em> here (the engine holds the row
 * under a lease meanwhile): the entries it is about to create ({@code indexed}), every entry that
 * may still exist but must not ({@code stale}), the departments whose rows it is placing, and the
 * locator version it settles at. Then it writes the entries and rows; then the row {@link
 * #settled}. A turn cut short leaves the intent, and the next turn of the employee removes whatever
 * the last one may have written, and places its rows again.
 *
 * @param indexed where the employee's entries are, or are about to be
 * @param staleEmails email entries that may still name the employee but must not (lower-cased)
 * @param staleLastNames last-name entries that may still list the employee but must not
 * @param managed departments whose manager fields this employee may be in
 * @param version the locator version the row last settled at
 * @param settling while a turn is not settled, the locator version it settles at
 * @param placing while a turn is not settled, the departments where it places or removes the employee's rows
 * @param releasing while a turn is not settled, the departments whose manager fields it clears: no longer {@code managed}, they
 *     are followed again by the turn that finishes it
 */
public record WorkerRow(IndexEntries indexed, Set<String> staleEmails, Set<LastNameEntry> staleLastNames, Set<String> managed,
    long version, OptionalLong settling, Set<String> placing, Set<String> releasing) {

  public static final WorkerRow NONE =
      new WorkerRow(IndexEntries.NONE, Set.of(), Set.of(), Set.of(), 0, OptionalLong.empty(), Set.of(), Set.of());

  static final String INDEXED_EMAIL = "IndexedEmail";
  static final String INDEXED_LAST_NAME = "IndexedLastName";
  static final String INDEXED_DEPARTMENT_ID = "IndexedDepartmentId";
  static final String STALE_EMAILS = "StaleEmails";
  static final String STALE_LAST_NAMES = "StaleLastNames";
  static final String MANAGED_DEPARTMENTS = "ManagedDepartments";
  static final String SETTLES_AT = "SettlesAt";
  static final String PLACING = "Placing";
  static final String RELEASING = "ReleasingDepartments";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};
  private static final TypeReference<List<List<String>>> PAIRS = new TypeReference<>() {};

  public WorkerRow {
    staleEmails = Set.copyOf(staleEmails.stream().map(e -> e.toLowerCase(Locale.ROOT)).toList());
    staleLastNames = Set.copyOf(staleLastNames);
    managed = Set.copyOf(managed);
    placing = Set.copyOf(placing);
    releasing = Set.copyOf(releasing);
  }

  /** An employee's entry in {@code EmployeesByLastName}: a last name, lower-cased as the index keys it, within a department. */
  public record LastNameEntry(String lastName, String departmentId) {
    public LastNameEntry {
      lastName = lastName.toLowerCase(Locale.ROOT);
    }
  }

  /** The index entries an employee has: its email entry (the address lower-cased, as the index keys it) and its last-name entry. */
  public record IndexEntries(Optional<String> email, Optional<LastNameEntry> lastName) {

    public static final IndexEntries NONE = new IndexEntries(Optional.empty(), Optional.empty());

    public IndexEntries {
      email = email.map(e -> e.toLowerCase(Locale.ROOT));
    }

    /** The entries the truth calls for: an active employee is indexed, an archived one is not. */
    public static IndexEntries of(LocatorRow truth) {
      if (!truth.isActive()) {
        return NONE;
      }
      return new IndexEntries(Optional.of(truth.employee().email()),
          Optional.of(new LastNameEntry(truth.employee().lastName(), truth.departmentId())));
    }
  }

  /** Whether no turn of the employee is left unsettled. */
  public boolean isSettled() {
    return settling.isEmpty() && placing.isEmpty() && releasing.isEmpty() && staleEmails.isEmpty() && staleLastNames.isEmpty();
  }

  /** Whether settling at {@code truthVersion} with these entries and departments would change nothing. */
  public boolean follows(IndexEntries desired, Set<String> departments, long truthVersion) {
    return isSettled() && indexed.equals(desired) && managed.containsAll(departments) && version >= truthVersion;
  }

  /**
   * The intent of a turn: the entries it will create, and as stale every entry this row knew of
   * that the truth no longer calls for; the departments asked for added to those managed.
   */
  public WorkerRow intent(IndexEntries desired, Set<String> moreDepartments) {
    Set<String> emails = new LinkedHashSet<>(staleEmails);
    indexed.email().ifPresent(emails::add);
    desired.email().ifPresent(emails::remove);
    Set<LastNameEntry> lastNames = new LinkedHashSet<>(staleLastNames);
    indexed.lastName().ifPresent(lastNames::add);
    desired.lastName().ifPresent(lastNames::remove);
    return new WorkerRow(desired, emails, lastNames, union(managed, moreDepartments), version, settling, placing, releasing);
  }

  /**
   * The row with {@code maybe} among the entries that may exist but must not, except those {@code
   * desired}: entries a turn may have written without recording them first, as the first attempt
   * at a hire does.
   */
  public WorkerRow mayAlsoHold(IndexEntries maybe, IndexEntries desired) {
    Set<String> emails = new LinkedHashSet<>(staleEmails);
    maybe.email().filter(e -> !desired.email().equals(Optional.of(e))).ifPresent(emails::add);
    Set<LastNameEntry> lastNames = new LinkedHashSet<>(staleLastNames);
    maybe.lastName().filter(l -> !desired.lastName().equals(Optional.of(l))).ifPresent(lastNames::add);
    return new WorkerRow(indexed, emails, lastNames, managed, version, settling, placing, releasing);
  }

  /** The row with more departments to follow: for a manager whose locator is not written yet, its hire's item follows them. */
  public WorkerRow managing(Set<String> moreDepartments) {
    return new WorkerRow(indexed, staleEmails, staleLastNames, union(managed, moreDepartments), version, settling, placing, releasing);
  }

  /**
   * The intent of a turn that settles at {@code truthVersion}, placing rows in {@code departments}, and then manages {@code
   * still}, having cleared its manager fields in {@code released}.
   */
  public WorkerRow settlingAt(long truthVersion, Set<String> departments, Set<String> still, Set<String> released) {
    return new WorkerRow(indexed, staleEmails, staleLastNames, still, version, OptionalLong.of(truthVersion), departments, released);
  }

  /** The row once every entry and row is as intended: nothing stale, placing or releasing, at the version it settled at. */
  public WorkerRow settled() {
    return new WorkerRow(indexed, Set.of(), Set.of(), managed, Math.max(version, settling.orElse(0)), OptionalLong.empty(), Set.of(),
        Set.of());
  }

  /** The row's properties, {@code EntityType} {@code WorkerState} included. */
  public Map<String, Object> properties() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put(EmployeesLayout.ENTITY_TYPE, IndexLayout.TYPE_WORKER_STATE);
    row.put(EmployeesLayout.VERSION, version);
    indexed.email().ifPresent(email -> row.put(INDEXED_EMAIL, email));
    indexed.lastName().ifPresent(entry -> {
      row.put(INDEXED_LAST_NAME, entry.lastName());
      row.put(INDEXED_DEPARTMENT_ID, entry.departmentId());
    });
    putList(row, STALE_EMAILS, new TreeSet<>(staleEmails).stream().toList());
    putList(row, STALE_LAST_NAMES, staleLastNames.stream().map(e -> List.of(e.lastName(), e.departmentId()))
        .sorted((a, b) -> String.join("\u0000", a).compareTo(String.join("\u0000", b))).toList());
    putList(row, MANAGED_DEPARTMENTS, new TreeSet<>(managed).stream().toList());
    settling.ifPresent(at -> row.put(SETTLES_AT, at));
    putList(row, PLACING, new TreeSet<>(placing).stream().toList());
    putList(row, RELEASING, new TreeSet<>(releasing).stream().toList());
    return row;
  }

  /** The row that {@code properties} hold; properties it does not know (the engine's lease) are ignored. */
  public static WorkerRow from(Map<String, Object> properties) {
    Optional<String> email = Optional.ofNullable((String) properties.get(INDEXED_EMAIL));
    Optional<LastNameEntry> lastName = Optional.ofNullable((String) properties.get(INDEXED_LAST_NAME))
        .map(name -> new LastNameEntry(name, (String) properties.get(INDEXED_DEPARTMENT_ID)));
    Set<LastNameEntry> staleLastNames = new LinkedHashSet<>();
    read(properties, STALE_LAST_NAMES, PAIRS).forEach(pair -> staleLastNames.add(new LastNameEntry(pair.get(0), pair.get(1))));
    OptionalLong settling = properties.get(SETTLES_AT) instanceof Number at ? OptionalLong.of(at.longValue()) : OptionalLong.empty();
    return new WorkerRow(new IndexEntries(email, lastName), Set.copyOf(read(properties, STALE_EMAILS, STRINGS)), staleLastNames,
        Set.copyOf(read(properties, MANAGED_DEPARTMENTS, STRINGS)), EmployeesLayout.version(properties), settling,
        Set.copyOf(read(properties, PLACING, STRINGS)), Set.copyOf(read(properties, RELEASING, STRINGS)));
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> both = new TreeSet<>(a);
    both.addAll(b);
    return both;
  }

  private static void putList(Map<String, Object> row, String name, List<?> values) {
    if (values.isEmpty()) {
      return;
    }
    try {
      row.put(name, JSON.writeValueAsString(values));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write " + name, e);
    }
  }

  private static <T> List<T> read(Map<String, Object> properties, String name, TypeReference<List<T>> type) {
    Object text = properties.get(name);
    if (text == null) {
      return List.of();
    }
    try {
      return JSON.readValue((String) text, type);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Unreadable " + name + " in a worker row: " + e.getOriginalMessage(), e);
    }
  }
}
