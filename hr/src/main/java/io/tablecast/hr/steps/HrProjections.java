package io.tablecast.hr.steps;

import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EventTopicNames;
import io.tablecast.hr.DepartmentPartitions;
import io.tablecast.hr.EmployeeActivity;
import io.tablecast.hr.EmployeeLocators;
import io.tablecast.hr.audit.HrAudit;
import io.tablecast.hr.tables.HrViewSet;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.EventDecoder;
import io.tablecast.projection.LivePlan;
import io.tablecast.projection.LogAudit;
import io.tablecast.projection.PlannedViewSet;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.Projection;
import io.tablecast.projection.Rows;
import io.tablecast.schemas.EventCodec;
import io.tablecast.schemas.EventSerde;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * HR as a view set of the projection API: its events, its projections in the order HR's projector
 * applies them (the department partitions, the locators, the activity), and its steps, with the
 * work each event asks for ({@link HrWork}); what the test kit folds, and what the engine's step
 * workers can run; and the plan by which the live projector runs them ({@link #LIVE}).
 */
public final class HrProjections {

  /** Folds nothing: says the work each event asks for. */
  static final Projection<DomainEvent> WORK = Projection.of("work", HrViewSet.HR, event -> Optional.empty(), event -> Set.of(),
      (rows, event) -> List.of(), HrWork::of);

  /** The locators, as a projection of all of HR's events. */
  public static final Projection<DomainEvent> LOCATORS = Projection.on(EmployeeEvent.class, EmployeeLocators.PROJECTION);
  /** The log tails, as a projection of all of HR's events. */
  public static final Projection<DomainEvent> ACTIVITY = Projection.on(EmployeeEvent.class, EmployeeActivity.PROJECTION);

  /** HR's records decode as the projector's consumer decodes them: checked against their event-type header, where they have one. */
  private static final EventDecoder<DomainEvent> DECODER = new EventDecoder<>() {
    private final EventSerde.EventDeserializer deserializer = new EventSerde.EventDeserializer(EventCodec.create());

    @Override
    public DomainEvent decode(String topic, byte[] value) {
      return deserializer.deserialize(value, null);
    }

    @Override
    public DomainEvent decode(String topic, Map<String, byte[]> headers, byte[] value) {
      return deserializer.deserialize(value, headers.get(EventSerde.EVENT_TYPE_HEADER));
    }
  };

  public static final ProjectedViewSet<DomainEvent> VIEWS = new ProjectedViewSet<>(HrViewSet.HR, EventTopicNames.ALL, DECODER,
      List.of(DepartmentPartitions.PROJECTION, LOCATORS, ACTIVITY, WORK), EmployeeStep.ALL);

  /**
   * How HR's live projector runs: first the department partitions ({@code Employees}, a lane per
   * partition), then, once a batch's are written, each employee's locator and log tail (a lane per
   * employee). The projector keeps with their ETags the 10,000 department rows and the 50,000
   * locators, about a kilobyte each, it wrote last, so that a run of hires into a department is one
   * EGT and a change of a locator one conditional write, with no read. A batch's hires and detail
   * changes of one employee ask for one reindex item ({@link HrWork}). A hire redelivered after its
   * employee was moved away would recreate the employee where it was hired, so a hire that the
   * locator already reflects skips the department partitions. After a crash, the employees whose
   * worker rows do not follow their locators get their work again ({@link UnfinishedHrWork}).
   */
  public static final LivePlan<DomainEvent> LIVE = new LivePlan<>(
      List.of(List.of(DepartmentPartitions.PROJECTION), List.of(LOCATORS, ACTIVITY)),
      Map.of(DepartmentPartitions.PROJECTION, 10_000, LOCATORS, 50_000),
      events -> HrWork.of(events, event -> event),
      HrProjections::hiredAlready,
      new UnfinishedHrWork(),
      HrWork::movesRows);

  /** How {@code verify} and a rebuild fold HR's whole log ({@link HrAudit}). */
  public static final LogAudit<DomainEvent> AUDIT = new HrAudit();

  /** HR as the engine finds it on the class path: the view set its pipelined projector keeps, and verify and a rebuild fold. */
  public static final PlannedViewSet<DomainEvent> PLANNED = new PlannedViewSet<>(VIEWS, LIVE, AUDIT);

  /** Offers {@link #PLANNED} to the engine ({@code META-INF/services}). */
  public static final class Provider implements PlannedViewSet.Provider {
    @Override
    public PlannedViewSet<?> plannedViewSet() {
      return PLANNED;
    }
  }

  private static boolean hiredAlready(Projection<DomainEvent> projection, DomainEvent event, Rows rows) {
    return projection == DepartmentPartitions.PROJECTION
        && event instanceof EmployeeHired hired
        && rows.get(EmployeeLocators.ref(hired.employeeId())).map(row -> LocatorRow.from(row).version()).orElse(0L) >= hired.version();
  }

  private HrProjections() {}
}
