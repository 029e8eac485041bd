package io.tablecast.hr.queries;

import io.tablecast.common.tables.Keys;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.projection.RoutePage;
import io.tablecast.projection.RouteRequest;
import io.tablecast.projection.ViewReader;
import io.tablecast.projection.ViewRoute;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * HR's reads (SPEC §5, §9), one guide query type per route, mounted by the views service at SPEC's
 * paths behind its authentication, limits, {@code X-Consistency-Token} and problem+json. An id in
 * the path that does not exist, or cannot exist, is a 404; a bad query parameter is a 400.
 */
public final class HrQueries {

  /** The routes, at the root of the views service. */
  public static final List<ViewRoute> ROUTES = List.of(
      ViewRoute.get("/departments/{dept}", HrQueries::department),
      ViewRoute.get("/departments/{dept}/employees", HrQueries::departmentEmployees),
      ViewRoute.get("/departments/{dept}/employees/{id}", HrQueries::employeeInDepartment),
      ViewRoute.get("/employees", HrQueries::lookup),
      ViewRoute.get("/employees/{id}", HrQueries::employee),
      ViewRoute.get("/employees/{id}/activity", HrQueries::activity),
      ViewRoute.get("/archive/departments/{dept}/employees/{id}", HrQueries::archivedEmployee));

  private HrQueries() {}

  private static Optional<?> department(RouteRequest request, ViewReader views) {
    DepartmentId dept = departmentId(request);
    return Optional.of(found(new HrReads(views).department(dept), "Department " + dept));
  }

  /** The department's employees, or with {@code emailPrefix} its email copies whose address starts with it. */
  private static Optional<?> departmentEmployees(RouteRequest request, ViewReader views) {
    DepartmentId dept = departmentId(request);
    int pageSize = request.pageSize();
    Optional<String> prefix = request.queryParam("emailPrefix");
    if (prefix.isPresent()) {
      String keyPrefix = Keys.prefix(prefix.get().toLowerCase(Locale.ROOT))
          .orElseThrow(() -> RouteRequest.bad("'emailPrefix' is too long."));
      String listing = "emails/" + dept.value() + "/" + keyPrefix;
      HrReads.RowsPage<HrReads.EmailCopy> page = new HrReads(views).emailCopies(dept, keyPrefix, pageSize, request.cursor(listing));
      return Optional.of(new RoutePage(listing, page.items(), page.cursor()));
    }
    List<EmployeeField> fields = fields(request);
    String listing = "employees/" + dept.value();
    HrReads.RowsPage<EmployeeView> page = new HrReads(views).employees(dept, pageSize, request.cursor(listing), fields);
    return Optional.of(new RoutePage(listing, page.items().stream().map(e -> e.body(fields)).toList(), page.cursor()));
  }

  private static Optional<?> employeeInDepartment(RouteRequest request, ViewReader views) {
    DepartmentId dept = departmentId(request);
    EmployeeId id = employeeId(request);
    return Optional.of(found(new HrReads(views).employee(dept, id), "Employee " + id + " in department " + dept).body());
  }

  private static Optional<?> employee(RouteRequest request, ViewReader views) {
    EmployeeId id = employeeId(request);
    return Optional.of(found(new HrReads(views).employee(id), "Employee " + id).body());
  }

  /** {@code ?email=} or {@code ?lastName=[&departmentId=]}: exactly one of the two. */
  private static Optional<?> lookup(RouteRequest request, ViewReader views) {
    Optional<String> email = request.queryParam("email");
    Optional<String> lastName = request.queryParam("lastName");
    if (email.isPresent() == lastName.isPresent()) {
      throw RouteRequest.bad("Give exactly one of 'email' and 'lastName'.");
    }
    if (email.isPresent()) {
      String address = RouteRequest.text("email", email.get(), 254);
      return Optional.of(RoutePage.last(new HrReads(views).employeeByEmail(address).map(EmployeeView::body).stream().toList()));
    }
    String name = RouteRequest.text("lastName", lastName.get(), 200);
    Optional<DepartmentId> dept = request.queryParam("departmentId")
        .map(d -> DepartmentId.tryParse(d).orElseThrow(() -> RouteRequest.bad("'departmentId' is not a department id.")));
    String listing = "lastName/" + name.toLowerCase(Locale.ROOT) + "/" + dept.map(DepartmentId::value).orElse("*");
    HrReads.RowsPage<EmployeeView> page =
        new HrReads(views).employeesByLastName(name, dept, request.pageSize(), request.cursor(listing));
    return Optional.of(new RoutePage(listing, page.items().stream().map(EmployeeView::body).toList(), page.cursor()));
  }

  private static Optional<?> activity(RouteRequest request, ViewReader views) {
    EmployeeId id = employeeId(request);
    int top = request.count("top", 10, 1_000);
    HrReads reads = new HrReads(views);
    found(reads.employee(id), "Employee " + id);
    return Optional.of(RoutePage.last(reads.activity(id, top)));
  }

  private static Optional<?> archivedEmployee(RouteRequest request, ViewReader views) {
    DepartmentId dept = departmentId(request);
    EmployeeId id = employeeId(request);
    return Optional.of(found(new HrReads(views).archivedEmployee(dept, id), "Archived employee " + id + " of department " + dept)
        .body());
  }

  /**
   * {@code fields=}: the employee properties to return, {@code employeeId} and {@code departmentId}
   * always among them; every one when absent.
   */
  private static List<EmployeeField> fields(RouteRequest request) {
    Optional<String> text = request.queryParam("fields");
    if (text.isEmpty()) {
      return Arrays.asList(EmployeeField.values());
    }
    Set<EmployeeField> fields = EnumSet.copyOf(EmployeeField.ALWAYS);
    for (String name : text.get().split(",", -1)) {
      fields.add(EmployeeField.named(name).orElseThrow(() -> RouteRequest.bad("'fields' names an unknown property: '" + name.strip()
          + "'.")));
    }
    return new ArrayList<>(fields);
  }

  private static DepartmentId departmentId(RouteRequest request) {
    return DepartmentId.tryParse(request.pathParam("dept"))
        .orElseThrow(() -> RouteRequest.notFound("No department can have the id '" + request.pathParam("dept") + "'."));
  }

  private static EmployeeId employeeId(RouteRequest request) {
    return EmployeeId.tryParse(request.pathParam("id"))
        .orElseThrow(() -> RouteRequest.notFound("No employee can have the id '" + request.pathParam("id") + "'."));
  }

  private static <T> T found(Optional<T> value, String what) {
    return value.orElseThrow(() -> RouteRequest.notFound(what + " does not exist."));
  }
}
