package io.tablecast.commands.adapter.out.kafka.schema;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.domain.DepartmentState;
import io.tablecast.commands.domain.EmailClaim;
import io.tablecast.commands.domain.EmployeeFacts;
import io.tablecast.commands.domain.EmployeeState;
import io.tablecast.commands.domain.IdempotencyRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * The Kafka serdes of the command side's internal records: the values of {@code
 * tablecast.commands} and {@code tablecast.command-results}, of the processor's state stores and
 * of its employee replica. Each is Avro single-object encoded with a versioned schema ({@link
 * InternalCodec}); a build-time test proves every current schema FULL-compatible with every
 * released one, so instances of two versions read each other's records.
 *
 * <p>A {@code null} value (a tombstone) maps to {@code null} both ways. Bytes that are not a
 * record of the expected kind fail with Kafka's {@code SerializationException}. The serdes are
 * immutable, thread-safe and shared; the schemas load once, on first use.
 */
public final class InternalSerdes {

  private InternalSerdes() {}

  /** Commands in flight, on {@code tablecast.commands}. */
  public static Serde<CommandEnvelope> commandEnvelopes() {
    return Loaded.COMMAND_ENVELOPES;
  }

  /** The processor's answers, on {@code tablecast.command-results}. */
  public static Serde<CommandResult> commandResults() {
    return Loaded.COMMAND_RESULTS;
  }

  /** The values of the departments store. */
  public static Serde<DepartmentState> departmentStates() {
    return Loaded.DEPARTMENT_STATES;
  }

  /** The values of the employees store. */
  public static Serde<EmployeeState> employeeStates() {
    return Loaded.EMPLOYEE_STATES;
  }

  /** The values of the emails store. */
  public static Serde<EmailClaim> emailClaims() {
    return Loaded.EMAIL_CLAIMS;
  }

  /** The values of the idempotency store. */
  public static Serde<IdempotencyRecord> idempotencyRecords() {
    return Loaded.IDEMPOTENCY_RECORDS;
  }

  /** The values of the employee replica. */
  public static Serde<EmployeeFacts> employeeFacts() {
    return Loaded.EMPLOYEE_FACTS;
  }

  private static <T> Serde<T> serde(InternalCodec<T, ?> codec) {
    return Serdes.serdeFrom(
        (topic, value) -> value == null ? null : codec.encode(value),
        (topic, bytes) -> bytes == null ? null : codec.decode(bytes));
  }

  /** Built on first use, over one load of the schemas. */
  private static final class Loaded {
    static final InternalSchemas SCHEMAS = InternalSchemas.load();
    static final Serde<CommandEnvelope> COMMAND_ENVELOPES = serde(new InternalCodec<>(SCHEMAS,
        io.tablecast.internal.avro.CommandEnvelope.getClassSchema(), CommandEnvelopeMapping::toAvro, CommandEnvelopeMapping::fromAvro));
    static final Serde<CommandResult> COMMAND_RESULTS = serde(new InternalCodec<>(SCHEMAS,
        io.tablecast.internal.avro.CommandResult.getClassSchema(), CommandResultMapping::toAvro, CommandResultMapping::fromAvro));
    static final Serde<DepartmentState> DEPARTMENT_STATES = serde(new InternalCodec<>(SCHEMAS,
        io.tablecast.internal.avro.DepartmentState.getClassSchema(), StateMapping::toAvro, StateMapping::fromAvro));
    static final Serde<EmployeeState> EMPLOYEE_STATES = serde(new InternalCodec<>(SCHEMAS,
        io.tablecast.internal.avro.EmployeeState.getClassSchema(), StateMapping::toAvro, StateMapping::fromAvro));
    static final Serde<EmailClaim> EMAIL_CLAIMS = serde(new InternalCodec<>(SCHEMAS,
        io.tablecast.internal.avro.EmailClaim.getClassSchema(), StateMapping::toAvro, StateMapping::fromAvro));
    static final Serde<IdempotencyRecord> IDEMPOTENCY_RECORDS = serde(new InternalCodec<>(SCHEMAS,
        io.tablecast.internal.avro.IdempotencyRecord.getClassSchema(), StateMapping::toAvro, StateMapping::fromAvro));
    static final Serde<EmployeeFacts> EMPLOYEE_FACTS = serde(new InternalCodec<>(SCHEMAS,
        io.tablecast.internal.avro.EmployeeFacts.getClassSchema(), StateMapping::toAvro, StateMapping::fromAvro));
  }
}
