package io.tablecast.commands.adapter.out.kafka.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.domain.Completion;
import io.tablecast.commands.domain.DepartmentState;
import io.tablecast.commands.domain.EmailClaim;
import io.tablecast.commands.domain.EmployeeFacts;
import io.tablecast.commands.domain.EmployeeState;
import io.tablecast.commands.domain.IdempotencyRecord;
import io.tablecast.commands.domain.Rejection;
import io.tablecast.commands.domain.Step;
import io.tablecast.commands.testdata.InternalRecordArbitraries;
import io.tablecast.commands.testdata.SampleInternalRecords;
import io.tablecast.internal.avro.CompletionKind;
import io.tablecast.internal.avro.RejectionKind;
import io.tablecast.internal.avro.ResultKind;
import io.tablecast.internal.avro.StepKind;
import io.tablecast.internal.avro.StepTarget;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.apache.avro.Schema;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;

/** Every internal record decodes to an equal record, whatever it holds. */
class InternalRecordsRoundTripTest {

  @Property
  void everyCommandEnvelopeDecodesToAnEqualEnvelope(@ForAll("envelopes") CommandEnvelope envelope) {
    Statistics.collect(envelope.command().getClass().getSimpleName());

    assertThat(roundTrip(InternalSerdes.commandEnvelopes(), envelope)).isEqualTo(envelope);
  }

  @Property
  void everyCommandResultDecodesToAnEqualResult(@ForAll("results") CommandResult result) {
    assertThat(roundTrip(InternalSerdes.commandResults(), result)).isEqualTo(result);
  }

  @Property
  void everyDepartmentStateDecodesToAnEqualState(@ForAll("departmentStates") DepartmentState state) {
    assertThat(roundTrip(InternalSerdes.departmentStates(), state)).isEqualTo(state);
  }

  @Property
  void everyEmployeeStateDecodesToAnEqualState(@ForAll("employeeStates") EmployeeState state) {
    assertThat(roundTrip(InternalSerdes.employeeStates(), state)).isEqualTo(state);
  }

  @Property
  void everyEmailClaimDecodesToAnEqualClaim(@ForAll("emailClaims") EmailClaim claim) {
    assertThat(roundTrip(InternalSerdes.emailClaims(), claim)).isEqualTo(claim);
  }

  @Property
  void everyIdempotencyRecordDecodesToAnEqualRecord(@ForAll("idempotencyRecords") IdempotencyRecord record) {
    assertThat(roundTrip(InternalSerdes.idempotencyRecords(), record)).isEqualTo(record);
  }

  @Property
  void everyEmployeeFactsDecodeToEqualFacts(@ForAll("employeeFacts") EmployeeFacts facts) {
    assertThat(roundTrip(InternalSerdes.employeeFacts(), facts)).isEqualTo(facts);
  }

  @Test
  void eachCommandTypeAndResultKindDecodesToItself() {
    for (CommandEnvelope envelope : SampleInternalRecords.envelopes()) {
      assertThat(roundTrip(InternalSerdes.commandEnvelopes(), envelope)).isEqualTo(envelope);
    }
    for (CommandResult result : SampleInternalRecords.results()) {
      assertThat(roundTrip(InternalSerdes.commandResults(), result)).isEqualTo(result);
    }
  }

  @Test
  void instantsTravelWithMillisecondPrecision() {
    Instant withMicros = SampleInternalRecords.AT.plusNanos(123_456);
    IdempotencyRecord record = new IdempotencyRecord("body-digest", "c-1", withMicros, Optional.empty());

    IdempotencyRecord decoded = roundTrip(InternalSerdes.idempotencyRecords(), record);

    assertThat(decoded.createdAt()).isEqualTo(SampleInternalRecords.AT);
  }

  @Test
  void aTombstoneStaysNull() {
    Serde<EmployeeState> serde = InternalSerdes.employeeStates();

    assertThat(serde.serializer().serialize("t", null)).isNull();
    assertThat(serde.deserializer().deserialize("t", null)).isNull();
  }

  @Test
  void everyEnumOfTheRecordsHasTheSymbolsOfItsSchema() {
    // The mapping converts constants by name: a constant added on one side only would fail there.
    assertThat(names(Step.Kind.values())).isEqualTo(symbols(StepKind.getClassSchema()));
    assertThat(names(Step.Target.values())).isEqualTo(symbols(StepTarget.getClassSchema()));
    assertThat(names(Rejection.Kind.values())).isEqualTo(symbols(RejectionKind.getClassSchema()));
    assertThat(names(Completion.Kind.values())).isEqualTo(symbols(CompletionKind.getClassSchema()));
    assertThat(names(CommandResult.Kind.values())).isEqualTo(symbols(ResultKind.getClassSchema()));
  }

  @Provide
  Arbitrary<CommandEnvelope> envelopes() {
    return InternalRecordArbitraries.envelopes();
  }

  @Provide
  Arbitrary<CommandResult> results() {
    return InternalRecordArbitraries.results();
  }

  @Provide
  Arbitrary<DepartmentState> departmentStates() {
    return InternalRecordArbitraries.departmentStates();
  }

  @Provide
  Arbitrary<EmployeeState> employeeStates() {
    return InternalRecordArbitraries.employeeStates();
  }

  @Provide
  Arbitrary<EmailClaim> emailClaims() {
    return InternalRecordArbitraries.emailClaims();
  }

  @Provide
  Arbitrary<IdempotencyRecord> idempotencyRecords() {
    return InternalRecordArbitraries.idempotencyRecords();
  }

  @Provide
  Arbitrary<EmployeeFacts> employeeFacts() {
    return InternalRecordArbitraries.employeeFacts();
  }

  private static <T> T roundTrip(Serde<T> serde, T value) {
    return serde.deserializer().deserialize("t", serde.serializer().serialize("t", value));
  }

  private static List<String> names(Enum<?>[] constants) {
    return Arrays.stream(constants).map(Enum::name).toList();
  }

  private static List<String> symbols(Schema enumSchema) {
    return enumSchema.getEnumSymbols();
  }
}
