package io.tablecast.bench;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;

/**
 * The commands API's requests as the benchmarks send them (SPEC §5): one method per command,
 * with the bodies every benchmark uses, so that their figures are about the same requests.
 */
final class CommandRequests {

  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

  private final URI base;

  CommandRequests(URI base) {
    this.base = base;
  }

  HttpRequest createDepartment(String department) {
    return json("/departments", "POST", "{\"departmentId\":\"" + department + "\",\"name\":\"Bench " + department + "\"}");
  }

  /** A hire with a new id and the email {@code e<id>@bench.example}, so that no two hires collide. */
  HttpRequest hire(int id, String department) {
    return json("/employees", "POST", "{\"employeeId\":\"" + id + "\",\"departmentId\":\"" + department
        + "\",\"firstName\":\"Ann\",\"lastName\":\"Lee\",\"email\":\"" + email(id) + "\",\"age\":34}");
  }

  /** The email of the hire with this id. */
  static String email(int id) {
    return "e" + id + "@bench.example";
  }

  /** A {@code PATCH} of the last name and the age, without an email. */
  HttpRequest patch(int id, String lastName, int age) {
    return json("/employees/" + id, "PATCH", "{\"lastName\":\"" + lastName + "\",\"age\":" + age + "}");
  }

  HttpRequest transfer(int id, String toDepartment) {
    return json("/employees/" + id + "/transfer", "POST", "{\"toDepartmentId\":\"" + toDepartment + "\"}");
  }

  HttpRequest archive(int id) {
    return json("/employees/" + id + "/archive", "POST", "{\"reason\":\"bench\"}");
  }

  HttpRequest assignManager(String department, int id) {
    return json("/departments/" + department + "/manager", "PUT", "{\"employeeId\":\"" + id + "\"}");
  }

  private HttpRequest json(String path, String method, String body) {
    return HttpRequest.newBuilder(base.resolve(path))
        .timeout(REQUEST_TIMEOUT)
        .header("Content-Type", "application/json")
        .method(method, HttpRequest.BodyPublishers.ofString(body))
        .build();
  }
}
