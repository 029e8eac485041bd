package io.tablecast.app;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the demo loader sends, and what the views must show afterwards: departments, hires, a
 * manager per department, then detail changes, transfers and archives of some employees.
 *
 * <p>Pure and deterministic: the same size gives the same commands, each with its own
 * {@code Idempotency-Key}, so a second run of the loader writes no second event.
 *
 * @param departments the departments created first
 * @param hires the employees hired, ids 1…n
 * @param managers one per department, hired before and never moved
 * @param followUps per employee, the changes that follow the hires, in order
 */
public record DemoScenario(List<Step> departments, List<Step> hires, List<Step> managers, List<List<Step>> followUps) {

  public static final List<String> DEPARTMENTS = List.of("Sales", "Engineering", "Support", "Finance", "Research");
  private static final List<String> FIRST = List.of("Ann", "Bo", "Chen", "Dara", "Eli", "Femi", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lena");
  private static final List<String> LAST = List.of("Lee", "Okafor", "Novak", "Garcia", "Tanaka", "Smith", "Haddad", "Kowalski", "Silva");

  /** One HTTP command. */
  public record Step(String method, String path, String body, String idempotencyKey) {}

  public static DemoScenario of(int employees) {
    if (employees < DEPARTMENTS.size()) {
      throw new IllegalArgumentException("The demo needs at least " + DEPARTMENTS.size() + " employees, one manager per department");
    }
    List<Step> departments = DEPARTMENTS.stream()
        .map(d -> new Step("POST", "/departments", "{\"departmentId\":\"" + d + "\",\"name\":\"" + d + " team\"}", "demo-department-" + d))
        .toList();
    List<Step> hires = new ArrayList<>();
    List<Step> managers = new ArrayList<>();
    List<List<Step>> followUps = new ArrayList<>();
    for (int id = 1; id <= employees; id++) {
      hires.add(new Step("POST", "/employees", hireBody(id), "demo-hire-" + id));
      if (isManager(id)) {
        managers.add(new Step("PUT", "/departments/" + department(id) + "/manager", "{\"employeeId\":\"" + id + "\"}", "demo-manager-" + id));
      } else {
        followUps.add(followUps(id));
      }
    }
    return new DemoScenario(departments, hires, managers, followUps.stream().filter(s -> !s.isEmpty()).toList());
  }

  /** The employees each department must count once every step has been applied. */
  public static Map<String, Integer> expectedCounts(int employees) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    DEPARTMENTS.forEach(d -> counts.put(d, 0));
    for (int id = 1; id <= employees; id++) {
      if (!isArchived(id)) {
        counts.merge(finalDepartment(id), 1, Integer::sum);
      }
    }
    return counts;
  }

  public static String department(int id) {
    return DEPARTMENTS.get(id % DEPARTMENTS.size());
  }

  public static String finalDepartment(int id) {
    return isTransferred(id) ? DEPARTMENTS.get((id + 1) % DEPARTMENTS.size()) : department(id);
  }

  public static boolean isManager(int id) {
    return id <= DEPARTMENTS.size();
  }

  public static boolean isArchived(int id) {
    return !isManager(id) && id % 20 == 0;
  }

  public static boolean isTransferred(int id) {
    return !isManager(id) && id % 7 == 0;
  }

  public static String lastName(int id) {
    return LAST.get(id % LAST.size()) + (!isManager(id) && id % 10 == 0 ? "-Park" : "");
  }

  private static List<Step> followUps(int id) {
    List<Step> steps = new ArrayList<>();
    if (id % 10 == 0) {
      steps.add(new Step("PATCH", "/employees/" + id, "{\"lastName\":\"" + lastName(id) + "\"}", "demo-rename-" + id));
    }
    if (isTransferred(id)) {
      steps.add(new Step("POST", "/employees/" + id + "/transfer", "{\"toDepartmentId\":\"" + finalDepartment(id) + "\"}", "demo-transfer-" + id));
    }
    if (isArchived(id)) {
      steps.add(new Step("POST", "/employees/" + id + "/archive", "{\"reason\":\"left the company\"}", "demo-archive-" + id));
    }
    return steps;
  }

  private static String hireBody(int id) {
    String first = FIRST.get(id % FIRST.size());
    String last = LAST.get(id % LAST.size());
    return "{\"employeeId\":\"" + id + "\",\"departmentId\":\"" + department(id) + "\",\"firstName\":\"" + first
        + "\",\"lastName\":\"" + last + "\",\"email\":\"" + (first + "." + last).toLowerCase() + "." + id
        + "@example.com\",\"age\":" + (21 + id % 44) + "}";
  }
}
