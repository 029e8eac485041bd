package io.tablecast.commands.adapter.in.kafka;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.application.CommandService;
import io.tablecast.commands.application.ReplicatedFacts;
import io.tablecast.commands.application.Shortcuts;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.Decision;
import io.tablecast.commands.domain.EventStamp;
import io.tablecast.commands.domain.FollowUps;
import io.tablecast.commands.domain.Step;
import io.tablecast.common.tracing.TraceHeaders;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.DomainEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides each command step against the store of the aggregate it is keyed by, then publishes
 * what follows: the event and its answer, the command's next step, or another answer for the HTTP
 * service, and the internal follow-ups that keep the email and idempotency registries true. Every
 * outcome is answered on {@code tablecast.command-results}. The store writes and every output of
 * one step commit in one Kafka transaction.
 *
 * <p>With tracing on, each step is a span, {@code decide <CommandType>}, in the trace its record
 * carries, and every record it sends carries that span on: the event, the answer and the next
 * step.
 */
final class CommandProcessor implements Processor<String, CommandEnvelope, String, Object> {

  private static final Logger log = LoggerFactory.getLogger(CommandProcessor.class);
  private static final Duration PURGE_INTERVAL = Duration.ofMinutes(10);

  private final Clock clock;
  private final Tracing tracing;
  private ProcessorContext<String, Object> context;
  private DepartmentSteps departments;
  private EmployeeSteps employees;
  private EmailSteps emails;
  private IdempotencySteps idempotency;
  private ReplicatedFacts facts;

  CommandProcessor(Clock clock, Tracing tracing) {
    this.clock = clock;
    this.tracing = tracing;
  }

  @Override
  public void init(ProcessorContext<String, Object> context) {
    this.context = context;
    this.departments = new DepartmentSteps(context.getStateStore(CommandTopology.DEPARTMENTS_STORE));
    this.employees = new EmployeeSteps(context.getStateStore(CommandTopology.EMPLOYEES_STORE));
    this.emails = new EmailSteps(context.getStateStore(CommandTopology.EMAILS_STORE));
    this.idempotency = new IdempotencySteps(context.getStateStore(CommandTopology.IDEMPOTENCY_STORE));
    this.facts = Replicas.facts(name -> context.<KeyValueStore<String, Object>>getStateStore(name));
    context.schedule(PURGE_INTERVAL, PunctuationType.WALL_CLOCK_TIME, t -> {
      int purged = idempotency.purge(clock.instant());
      log.debug("Purged {} expired idempotency records", purged);
    });
  }

  @Override
  public void process(Record<String, CommandEnvelope> record) {
    CommandEnvelope envelope = record.value();
    if (envelope == null) {
      return;
    }
    if (!tracing.on()) {
      decide(record, envelope);
      return;
    }
    Span span = tracing.tracer().spanBuilder("decide " + envelope.command().getClass().getSimpleName())
        .setParent(TraceHeaders.extract(tracing, record.headers()))
        .setAttribute("tablecast.command.id", envelope.commandId())
        .setAttribute("tablecast.command.step", envelope.currentStep().target().name())
        .startSpan();
    try (Scope scope = span.makeCurrent()) {
      decide(record, envelope);
    } finally {
      span.end();
    }
  }

  private void decide(Record<String, CommandEnvelope> record, CommandEnvelope envelope) {
    Instant now = Instant.ofEpochMilli(clock.millis());
    Step step = envelope.currentStep();
    StepResult result = switch (step.target()) {
      case DEPARTMENT -> departments.handle(envelope, step, new EventStamp(envelope.commandId(), envelope.actor(), now));
      case EMPLOYEE -> employees.handle(envelope, step, new EventStamp(envelope.commandId(), envelope.actor(), now));
      case EMAIL -> emails.handle(envelope, step);
      case IDEMPOTENCY -> idempotency.handle(envelope, step, now);
    };
    if (result instanceof StepResult.Answered answered) {
      forward(record, CommandTopology.RESULTS, envelope.commandId(), answered.result());
    } else if (result instanceof StepResult.Decided decided) {
      publish(record, envelope, decided.decision());
      FollowUps.after(envelope.commandId(), envelope.command(), decided.decision(), envelope.claimedEarlier(),
              decided.employeeBefore(), envelope.idempotency().isPresent())
          .forEach(followUp -> next(record, envelope.followUp(followUp)));
    }
  }

  private void publish(Record<String, CommandEnvelope> cause, CommandEnvelope envelope, Decision decision) {
    Command command = envelope.command();
    String kind = CommandService.aggregateKind(command);
    if (decision instanceof Decision.Accepted accepted) {
      DomainEvent event = accepted.event();
      String sink = event instanceof DepartmentEvent ? CommandTopology.DEPARTMENT_EVENTS : CommandTopology.EMPLOYEE_EVENTS;
      forward(cause, sink, event.metadata().aggregateId(), event);
      forward(cause, CommandTopology.RESULTS, envelope.commandId(),
          CommandResult.accepted(envelope.commandId(), kind, event.metadata().aggregateId(), event.version()));
    } else if (decision instanceof Decision.Proceed proceed) {
      next(cause, envelope.next(proceed.next()));
    } else if (decision instanceof Decision.Unchanged unchanged) {
      forward(cause, CommandTopology.RESULTS, envelope.commandId(),
          CommandResult.unchanged(envelope.commandId(), kind, unchanged.aggregateId(), unchanged.version()));
    } else if (decision instanceof Decision.Rejected rejected) {
      log.debug("Command {} rejected: {}", envelope.commandId(), rejected.rejection().code());
      forward(cause, CommandTopology.RESULTS, envelope.commandId(),
          CommandResult.rejected(envelope.commandId(), kind, command.aggregateId(), rejected.rejection()));
    }
  }

  /** Sends the envelope to its next step, skipping the steps the replicas settle. */
  private void next(Record<String, CommandEnvelope> cause, CommandEnvelope envelope) {
    CommandEnvelope shortened = Shortcuts.apply(envelope, facts);
    forward(cause, CommandTopology.NEXT_STEP, shortened.currentStep().routingKey(), shortened);
  }

  private void forward(Record<String, CommandEnvelope> cause, String child, String key, Object value) {
    context.forward(new Record<String, Object>(key, value, cause.timestamp(), traceHeaders()), child);
  }

  /** The current decision's span, when tracing; no header otherwise. */
  private Headers traceHeaders() {
    Headers headers = new RecordHeaders();
    TraceHeaders.inject(tracing, Context.current(), headers);
    return headers;
  }
}
