package io.tablecast.hr.queries;

import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.EmployeeActivity;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.projection.RoutePage;
import io.tablecast.projection.RouteRequest;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.projection.testing.RouteKit;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** HR's routes over the rows HR's projections fold, in memory: what the views service serves at SPEC §5's paths. */
class HrQueriesTest {

  private static RouteKit given(DomainEvent... history) {
    Map<RowRef, Map<String, Object>> rows = new HashMap<>(ProjectionKit.of(DepartmentPartitions.PROJECTION).given(history).rows());
    List<EmployeeEvent> employeeEvents = Arrays.stream(history).filter(EmployeeEvent.class::isInstance).map(EmployeeEvent.class::cast)
        .toList();
    rows.putAll(ProjectionKit.of(EmployeeLocators.PROJECTION, EmployeeActivity.PROJECTION).given(employeeEvents).rows());
    return RouteKit.of(HrQueries.ROUTES, rows);
  }

  @Test
  void aDepartmentIsServedFromItsSummaryWithItsManager_andIsNotFoundUntilItsCreationIsApplied() {
    RouteKit routes = given(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), hired(8, "Ops", "Bo", "Kim", "bo@x.io"),
        departmentCreated("Sales", "Sales EMEA"), managerAssigned("Sales", 2, 7, "Ann", "Lee", "ann@x.io"));

    assertThat(routes.get("/departments/Sales")).isEqualTo(Optional.of(new HrReads.Department("Sales", "Sales EMEA", 1, 2,
        new HrReads.Manager("00000007", "Ann", "Lee", "ann@x.io"))));
    assertThatThrownBy(() -> routes.get("/departments/Ops")).isInstanceOf(RouteRequest.NotFound.class)
        .hasMessage("Department Ops does not exist.");
    assertThatThrownBy(() -> routes.get("/departments/no%20such")).isInstanceOf(RouteRequest.NotFound.class)
        .hasMessage("No department can have the id 'no such'.");
  }

  @Test
  void aDepartmentsEmployeesArePagedInIdOrder_withTheFieldsAsked_andAContinuationOpensOnlyItsOwnListing() {
    RouteKit routes = given(hired(3, "Sales", "Cy", "Ng", "cy@x.io"), hired(1, "Sales", "Ann", "Lee", "ann@x.io"),
        hired(2, "Sales", "Bo", "Kim", "bo@x.io"), hired(4, "Ops", "Di", "Ray", "di@x.io"));

    RoutePage first = (RoutePage) routes.get("/departments/Sales/employees?pageSize=2&fields=email").orElseThrow();
    assertThat(first.items()).isEqualTo(List.of(
        Map.of("employeeId", "00000001", "departmentId", "Sales", "email", "ann@x.io"),
        Map.of("employeeId", "00000002", "departmentId", "Sales", "email", "bo@x.io")));
    RoutePage second = (RoutePage) routes.get("/departments/Sales/employees?pageSize=2&fields=email&continuation="
        + RouteKit.continuation(first)).orElseThrow();
    assertThat(second.items()).isEqualTo(List.of(Map.of("employeeId", "00000003", "departmentId", "Sales", "email", "cy@x.io")));
    assertThat(second.cursor()).isEmpty();
    assertThatThrownBy(() -> routes.get("/departments/Ops/employees?continuation=" + RouteKit.continuation(first)))
        .isInstanceOf(RouteRequest.BadRequest.class).hasMessage("'continuation' is not a token of this listing.");
  }

  @Test
  void anEmployeeIsFoundByIdThroughItsLocatorInTheDepartmentItMovedTo_withItsActivityNewestFirst() {
    RouteKit routes = given(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), changed(7, 2, "Sales", "Anna", "Lee", "ann@x.io", 31),
        transferred(7, 3, "Sales", "Ops"));

    @SuppressWarnings("unchecked")
    Map<String, Object> employee = (Map<String, Object>) routes.get("/employees/7").orElseThrow();
    assertThat(employee).containsEntry("departmentId", "Ops").containsEntry("firstName", "Anna").containsEntry("age", 31)
        .containsEntry("version", 3L).containsEntry("status", "Active").doesNotContainKeys("archivedAt", "reason");
    RoutePage activity = (RoutePage) routes.get("/employees/7/activity?top=2").orElseThrow();
    assertThat(activity.items()).extracting(item -> ((HrReads.Activity) item).version()).containsExactly(3L, 2L);
    assertThatThrownBy(() -> routes.get("/employees/8")).isInstanceOf(RouteRequest.NotFound.class)
        .hasMessage("Employee 00000008 does not exist.");
  }

  @Test
  void badQueryParametersAreRefusedNamingTheParameter() {
    RouteKit routes = given(hired(7, "Sales", "Ann", "Lee", "ann@x.io"));

    assertThatThrownBy(() -> routes.get("/employees")).isInstanceOf(RouteRequest.BadRequest.class)
        .hasMessage("Give exactly one of 'email' and 'lastName'.");
    assertThatThrownBy(() -> routes.get("/employees/7/activity?top=0")).isInstanceOf(RouteRequest.BadRequest.class)
        .hasMessage("'top' must be a whole number from 1 to 1000.");
    assertThatThrownBy(() -> routes.get("/departments/Sales/employees?fields=email,salary")).isInstanceOf(RouteRequest.BadRequest.class)
        .hasMessage("'fields' names an unknown property: 'salary'.");
    assertThatThrownBy(() -> routes.get("/employees?lastName=Lee&departmentId=no%20such")).isInstanceOf(RouteRequest.BadRequest.class)
        .hasMessage("'departmentId' is not a department id.");
  }
}
