package io.tablecast.hr.work;

import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.LastNameLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The index entities of one last name in one department (the guide's index entities pattern,
 * option #3; SPEC §3): RowKeys {@code <DepartmentId>_00}, {@code _01}, … each holding a sorted,
 * comma-separated list of at most {@value #SHARD_SIZE} 8-digit ids and their {@code Count}. Pure:
 * shards in, shards out, each as its RowKey and properties.
 *
 * <p>An id joins the first shard with room and leaves wherever it is. The shards stay
 * <em>contiguous</em> and <em>dense</em>: every shard but the last is full, a short one taking ids
 * from the last, and an emptied last shard is deleted. So a department's shards are {@code _00} up
 * to its last one, without gaps, and a writer that finds a shard with room need read no further.
 */
public final class LastNameShards {

  public static final int SHARD_SIZE = 1_000;
  public static final int MAX_SHARDS = 100;
  public static final String TYPE = LastNameLayout.TYPE;
  public static final String EMPLOYEE_IDS = LastNameLayout.EMPLOYEE_IDS;
  public static final String COUNT = LastNameLayout.COUNT;

  private LastNameShards() {}

  public static String rowKey(String departmentId, int shard) {
    return LastNameLayout.rowKey(departmentId, shard);
  }

  /**
   * The shards after removing {@code remove} and adding {@code add}, given the contiguous shards
   * as read (absent shards are simply missing from the map).
   *
   * @throws IllegalStateException when the ids would need more than {@value #MAX_SHARDS} shards
   */
  public static Map<String, Map<String, Object>> update(
      String departmentId, Map<String, Map<String, Object>> shards, Collection<String> add, Collection<String> remove) {
    List<Shard> lists = new ArrayList<>();
    for (int shard = 0; shards.containsKey(rowKey(departmentId, shard)); shard++) {
      lists.add(new Shard(shards.get(rowKey(departmentId, shard))));
    }
    lists.forEach(shard -> remove.forEach(shard::remove));
    for (String id : add) {
      if (lists.stream().noneMatch(shard -> shard.contains(id))) {
        roomFor(departmentId, lists).add(id);
      }
    }
    compact(lists);
    Map<String, Map<String, Object>> next = new LinkedHashMap<>();
    for (int shard = 0; shard < lists.size(); shard++) {
      next.put(rowKey(departmentId, shard), lists.get(shard).properties());
    }
    return next;
  }

  public static Map<String, Map<String, Object>> add(String departmentId, Map<String, Map<String, Object>> shards, String id) {
    return update(departmentId, shards, Set.of(id), Set.of());
  }

  public static Map<String, Map<String, Object>> remove(String departmentId, Map<String, Map<String, Object>> shards, String id) {
    return update(departmentId, shards, Set.of(), Set.of(id));
  }

  private static Shard roomFor(String departmentId, List<Shard> lists) {
    for (Shard shard : lists) {
      if (shard.size() < SHARD_SIZE) {
        return shard;
      }
    }
    if (lists.size() == MAX_SHARDS) {
      throw new IllegalStateException(
          "More than " + SHARD_SIZE * MAX_SHARDS + " employees with one last name in department " + departmentId);
    }
    Shard fresh = new Shard(null);
    lists.add(fresh);
    return fresh;
  }

  /**
   * Keeps the shards dense: every shard but the last full, each short one filled from the last, and
   * an emptied last shard dropped. So a reader that finds a shard with room knows it is the last.
   */
  private static void compact(List<Shard> lists) {
    int shard = 0;
    while (shard < lists.size() - 1) {
      Shard last = lists.get(lists.size() - 1);
      if (last.size() == 0) {
        lists.remove(lists.size() - 1);
      } else if (lists.get(shard).size() < SHARD_SIZE) {
        lists.get(shard).add(last.pollLast());
      } else {
        shard++;
      }
    }
    if (!lists.isEmpty() && lists.get(lists.size() - 1).size() == 0) {
      lists.remove(lists.size() - 1);
    }
  }

  /**
   * One shard as an update changes it: its ids are parsed only once it changes, so that an update
   * of a long index reads its full shards' counts and lists without taking them apart.
   */
  private static final class Shard {

    private final Map<String, Object> before;
    private TreeSet<String> ids;

    Shard(Map<String, Object> before) {
      this.before = before;
      this.ids = before == null ? new TreeSet<>() : null;
    }

    int size() {
      return ids != null ? ids.size() : count(before);
    }

    boolean contains(String id) {
      return ids != null ? ids.contains(id) : listed((String) before.get(EMPLOYEE_IDS), id);
    }

    void remove(String id) {
      if (contains(id)) {
        ids().remove(id);
      }
    }

    void add(String id) {
      ids().add(id);
    }

    String pollLast() {
      return ids().pollLast();
    }

    private TreeSet<String> ids() {
      if (ids == null) {
        ids = LastNameShards.ids(before);
      }
      return ids;
    }

    /** The shard as written: as it was read while its ids are the same. */
    Map<String, Object> properties() {
      return ids == null || (before != null && LastNameShards.ids(before).equals(ids)) ? before : LastNameShards.properties(ids);
    }
  }

  /** Whether {@code id} is one of the comma-separated {@code list}, found without splitting it. */
  static boolean listed(String list, String id) {
    if (list == null || id.isEmpty()) {
      return false;
    }
    for (int at = list.indexOf(id); at >= 0; at = list.indexOf(id, at + 1)) {
      int end = at + id.length();
      if ((at == 0 || list.charAt(at - 1) == ',') && (end == list.length() || list.charAt(end) == ',')) {
        return true;
      }
    }
    return false;
  }

  /** A shard's count of ids: its {@value #COUNT} property, or its list's length where that is missing. */
  private static int count(Map<String, Object> shard) {
    return shard.get(COUNT) instanceof Number count ? count.intValue() : LastNameLayout.ids((String) shard.get(EMPLOYEE_IDS)).size();
  }

  /** Whether a shard with these properties is full, so that the next one may exist: shards are dense ({@link #update}). */
  public static boolean full(Map<String, Object> shard) {
    return count(shard) >= SHARD_SIZE;
  }

  /** The ids a shard with these properties lists. */
  public static TreeSet<String> ids(Map<String, Object> shard) {
    String list = (String) shard.get(EMPLOYEE_IDS);
    return list == null || list.isEmpty() ? new TreeSet<>() : new TreeSet<>(Arrays.asList(list.split(",")));
  }

  private static Map<String, Object> properties(TreeSet<String> ids) {
    return Map.of(EmployeesLayout.ENTITY_TYPE, TYPE, EMPLOYEE_IDS, String.join(",", ids), COUNT, ids.size());
  }

  /** Every id listed in the shards. */
  public static List<String> allIds(Map<String, Map<String, Object>> shards) {
    List<String> all = new ArrayList<>();
    shards.values().forEach(s -> all.addAll(ids(s)));
    return all;
  }
}
