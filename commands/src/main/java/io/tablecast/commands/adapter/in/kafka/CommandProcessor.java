package io.tablecast.commands.adapter.in.kafka;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.domain.CommandVisitor;
import io.tablecast.commands.domain.CreateDepartment;
import io.tablecast.commands.domain.Decision;
import io.tablecast.commands.domain.DepartmentState;
import io.tablecast.commands.domain.Departments;
import io.tablecast.commands.domain.EmployeeState;
import io.tablecast.commands.domain.Employees;
import io.tablecast.commands.domain.EventStamp;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.commands.domain.Step;
import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides each command step against the state store of the aggregate it is keyed by, then
 * records the event and the new state, forwards the command to its next step, or publishes
 * the rejection. All three outputs and the store write commit in one Kafka transaction.
 */
final class CommandProcessor implements Processor<String, CommandEnvelope, String, Object> {

  private static final Logger log = LoggerFactory.getLogger(CommandProcessor.class);

  private final Clock clock;
  private ProcessorContext<String, Object> context;
  private KeyValueStore<String, DepartmentState> departments;
  private KeyValueStore<String, EmployeeState> employees;

  CommandProcessor(Clock clock) {
    this.clock = clock;
  }

  @Override
  public void init(ProcessorContext<String, Object> context) {
    this.context = context;
    this.departments = context.getStateStore(CommandTopology.DEPARTMENTS_STORE);
    this.employees = context.getStateStore(CommandTopology.EMPLOYEES_STORE);
  }

  @Override
  public void process(Record<String, CommandEnvelope> record) {
    CommandEnvelope envelope = record.value();
    if (envelope == null) {
      return;
    }
    EventStamp stamp = new EventStamp(envelope.commandId(), Instant.ofEpochMilli(clock.millis()));
    Decision decision = envelope.command().accept(new StepDecider(envelope.currentStep(), stamp));
    if (decision instanceof Decision.Accepted accepted) {
      record(accepted.event(), record);
    } else if (decision instanceof Decision.Proceed) {
      CommandEnvelope next = envelope.next();
      forward(record, CommandTopology.NEXT_STEP, next.currentStep().routingKey(), next);
    } else if (decision instanceof Decision.Rejected rejected) {
      log.debug("Command {} rejected: {}", envelope.commandId(), rejected.rejection().code());
      forward(record, CommandTopology.RESULTS, envelope.commandId(),
          new CommandResult(envelope.commandId(), envelope.command().aggregateId(), rejected.rejection()));
    }
  }

  /** Decides one step of a command against the state of the aggregate the step visits. */
  private final class StepDecider implements CommandVisitor<Decision> {

    private final Step step;
    private final EventStamp stamp;

    StepDecider(Step step, EventStamp stamp) {
      this.step = step;
      this.stamp = stamp;
    }

    @Override
    public Decision on(CreateDepartment c) {
      return Departments.create(department(step.id()), c, stamp);
    }

    @Override
    public Decision on(HireEmployee c) {
      return step.kind() == Step.Kind.REQUIRE_DEPARTMENT
          ? Departments.requireExisting(department(step.id()), c.departmentId(), "departmentId")
          : Employees.hire(employee(step.id()), c, stamp);
    }
  }

  private void record(DomainEvent event, Record<String, CommandEnvelope> cause) {
    String id = event.metadata().aggregateId();
    if (event instanceof DepartmentEvent e) {
      departments.put(id, DepartmentState.evolve(department(id), e));
      forward(cause, CommandTopology.DEPARTMENT_EVENTS, id, e);
    } else if (event instanceof EmployeeEvent e) {
      employees.put(id, EmployeeState.evolve(employee(id), e));
      forward(cause, CommandTopology.EMPLOYEE_EVENTS, id, e);
    }
  }

  private Optional<DepartmentState> department(String id) {
    return Optional.ofNullable(departments.get(id));
  }

  private Optional<EmployeeState> employee(String id) {
    return Optional.ofNullable(employees.get(id));
  }

  private void forward(Record<String, CommandEnvelope> cause, String child, String key, Object value) {
    context.forward(new Record<String, Object>(key, value, cause.timestamp()), child);
  }
}
