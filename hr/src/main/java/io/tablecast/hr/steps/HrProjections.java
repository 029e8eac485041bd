package io.tablecast.hr.steps;

import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EventTopicNames;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.EmployeeActivity;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.Projection;
import io.tablecast.schemas.EventCodec;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * HR as a view set of the projection API: its events, its projections in the order HR's projector
 * applies them (the department partitions, the locators, the activity), and its steps, with the
 * work each event asks for ({@link HrWork}); what the test kit folds, and what the engine's step
 * workers can run.
 */
public final class HrProjections {

  /** Folds nothing: says the work each event asks for. */
  static final Projection<DomainEvent> WORK = Projection.of("work", HrViewSet.HR, event -> Optional.empty(), event -> Set.of(),
      (rows, event) -> List.of(), HrWork::of);

  private static final EventCodec CODEC = EventCodec.create();

  public static final ProjectedViewSet<DomainEvent> VIEWS = new ProjectedViewSet<>(HrViewSet.HR, EventTopicNames.ALL,
      (topic, value) -> CODEC.decode(value),
      List.of(DepartmentPartitions.PROJECTION, Projection.on(EmployeeEvent.class, EmployeeLocators.PROJECTION),
          Projection.on(EmployeeEvent.class, EmployeeActivity.PROJECTION), WORK),
      EmployeeStep.ALL);

  private HrProjections() {}
}
