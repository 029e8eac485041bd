package io.tablecast.views.adapter.in.http;

import static io.javalin.apibuilder.ApiBuilder.get;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.views.application.ViewStore;
import java.util.Optional;

/**
 * The views HTTP API (SPEC §5): read-only, one guide query type per route. An id in the URL
 * that does not exist, or cannot exist, is a 404 (SPEC §9).
 */
public final class ViewsApi implements EndpointGroup {

  private final ViewStore views;

  public ViewsApi(ViewStore views) {
    this.views = views;
  }

  @Override
  public void addEndpoints() {
    get("/departments/{dept}", this::department);
    get("/departments/{dept}/employees/{id}", this::employeeInDepartment);
  }

  private void department(Context ctx) {
    DepartmentId dept = departmentId(ctx);
    ctx.json(Responses.Department.of(found(views.department(dept), "Department " + dept)));
  }

  private void employeeInDepartment(Context ctx) {
    DepartmentId dept = departmentId(ctx);
    EmployeeId id = employeeId(ctx);
    ctx.json(Responses.Employee.of(found(views.employee(dept, id), "Employee " + id + " in department " + dept)));
  }

  private static DepartmentId departmentId(Context ctx) {
    return DepartmentId.tryParse(ctx.pathParam("dept"))
        .orElseThrow(() -> notFound("No department can have the id '" + ctx.pathParam("dept") + "'."));
  }

  private static EmployeeId employeeId(Context ctx) {
    return EmployeeId.tryParse(ctx.pathParam("id"))
        .orElseThrow(() -> notFound("No employee can have the id '" + ctx.pathParam("id") + "'."));
  }

  private static <T> T found(Optional<T> value, String what) {
    return value.orElseThrow(() -> notFound(what + " does not exist."));
  }

  private static ProblemException notFound(String detail) {
    return new ProblemException(ProblemType.NOT_FOUND, detail);
  }
}
