package io.tablecast.views.adapter.in.http;

import static io.javalin.apibuilder.ApiBuilder.get;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.common.tables.Keys;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.projection.AggregateRow;
import io.tablecast.views.application.ReadYourWrites;
import io.tablecast.views.application.StatusSource;
import io.tablecast.views.application.ViewStore;
import io.tablecast.views.domain.EmployeeField;
import io.tablecast.views.domain.EmployeeView;
import io.tablecast.views.domain.Page;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The views HTTP API (SPEC §5): read-only, one guide query type per route. An id in the URL that
 * does not exist, or cannot exist, is a 404; a bad query parameter is a 400 (SPEC §9). The reads
 * of the views honour {@code X-Consistency-Token} ({@link ConsistencyGate}); {@code /status},
 * which reports the pipeline rather than a write's result, answers at once.
 */
public final class ViewsApi implements EndpointGroup {

  private final ViewStore views;
  private final QueryParams params;
  private final ConsistencyGate consistency;
  private final StatusSource status;

  public ViewsApi(ViewStore views, StatusSource status, byte[] tokenKey, ReadYourWrites reads, List<String> eventTopics,
      List<AggregateRow> aggregates) {
    this.views = views;
    this.status = status;
    this.params = new QueryParams(new ContinuationTokens(tokenKey));
    this.consistency = new ConsistencyGate(reads, eventTopics, aggregates);
  }

  @Override
  public void addEndpoints() {
    get("/departments/{dept}", consistency.gated(this::department));
    get("/departments/{dept}/employees", consistency.gated(this::departmentEmployees));
    get("/departments/{dept}/employees/{id}", consistency.gated(this::employeeInDepartment));
    get("/employees", consistency.gated(this::lookup));
    get("/employees/{id}", consistency.gated(this::employee));
    get("/employees/{id}/activity", consistency.gated(this::activity));
    get("/archive/departments/{dept}/employees/{id}", consistency.gated(this::archivedEmployee));
    get("/status", ctx -> ctx.json(Responses.Status.of(status.read())));
  }

  private void department(Context ctx) {
    DepartmentId dept = departmentId(ctx);
    ctx.json(Responses.Department.of(found(views.department(dept), "Department " + dept)));
  }

  private void departmentEmployees(Context ctx) {
    DepartmentId dept = departmentId(ctx);
    int pageSize = params.pageSize(ctx);
    Optional<String> prefix = Optional.ofNullable(ctx.queryParam("emailPrefix"));
    if (prefix.isPresent()) {
      String keyPrefix = Keys.prefix(prefix.get().toLowerCase(Locale.ROOT)).orElseThrow(() -> params.bad("'emailPrefix' is too long."));
      String scope = "emails/" + dept.value() + "/" + keyPrefix;
      ctx.json(Responses.list(views.emailCopies(dept, keyPrefix, pageSize, params.continuation(ctx, scope)), scope, params));
      return;
    }
    List<EmployeeField> fields = params.fields(ctx);
    String scope = "employees/" + dept.value();
    Page<EmployeeView> page = views.employees(dept, pageSize, params.continuation(ctx, scope), Set.copyOf(fields));
    ctx.json(Responses.list(page.map(e -> Responses.Employee.of(e).select(fields)), scope, params));
  }

  private void employeeInDepartment(Context ctx) {
    DepartmentId dept = departmentId(ctx);
    EmployeeId id = employeeId(ctx);
    ctx.json(Responses.Employee.of(found(views.employee(dept, id), "Employee " + id + " in department " + dept)));
  }

  private void employee(Context ctx) {
    EmployeeId id = employeeId(ctx);
    ctx.json(Responses.Employee.of(found(views.employee(id), "Employee " + id)));
  }

  /** {@code ?email=} or {@code ?lastName=[&departmentId=]}: exactly one of the two. */
  private void lookup(Context ctx) {
    Optional<String> email = Optional.ofNullable(ctx.queryParam("email"));
    Optional<String> lastName = Optional.ofNullable(ctx.queryParam("lastName"));
    if (email.isPresent() == lastName.isPresent()) {
      throw params.bad("Give exactly one of 'email' and 'lastName'.");
    }
    if (email.isPresent()) {
      String address = params.text(email.get(), "email", 254);
      List<EmployeeView> found = views.employeeByEmail(address).stream().toList();
      ctx.json(Responses.list(Page.last(found.stream().map(Responses.Employee::of).toList()), "", params));
      return;
    }
    String name = params.text(lastName.get(), "lastName", 200);
    Optional<DepartmentId> dept = Optional.ofNullable(ctx.queryParam("departmentId"))
        .map(d -> DepartmentId.tryParse(d).orElseThrow(() -> params.bad("'departmentId' is not a department id.")));
    String scope = "lastName/" + name.toLowerCase(Locale.ROOT) + "/" + dept.map(DepartmentId::value).orElse("*");
    Page<EmployeeView> page = views.employeesByLastName(name, dept, params.pageSize(ctx), params.continuation(ctx, scope));
    ctx.json(Responses.list(page.map(Responses.Employee::of), scope, params));
  }

  private void activity(Context ctx) {
    EmployeeId id = employeeId(ctx);
    int top = params.top(ctx);
    found(views.employee(id), "Employee " + id);
    ctx.json(Responses.list(Page.last(views.activity(id, top).stream().map(Responses.Activity::of).toList()), "", params));
  }

  private void archivedEmployee(Context ctx) {
    DepartmentId dept = departmentId(ctx);
    EmployeeId id = employeeId(ctx);
    ctx.json(Responses.Employee.of(found(views.archivedEmployee(dept, id), "Archived employee " + id + " of department " + dept)));
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
