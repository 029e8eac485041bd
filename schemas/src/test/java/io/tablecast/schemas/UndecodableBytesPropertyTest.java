package io.tablecast.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.tablecast.events.DomainEvent;
import io.tablecast.schemas.UndecodableEventException.Reason;
import io.tablecast.schemas.testdata.EventArbitraries;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.apache.avro.Schema;

/** Whatever the bytes, decoding returns an event or throws {@link UndecodableEventException}. */
class UndecodableBytesPropertyTest {

  private static final EventCodec CODEC = EventCodec.create();

  @Property
  void arbitraryBytesDecodeOrAreReportedAsUndecodable(@ForAll byte[] bytes) {
    assertDecodesOrIsUndecodable(bytes);
  }

  @Property
  void arbitraryBodiesBehindAKnownHeaderDecodeOrAreReportedAsUndecodable(
      @ForAll("currentSchemas") Schema writer, @ForAll byte[] body) {
    assertDecodesOrIsUndecodable(CraftedMessages.concat(CraftedMessages.header(writer), body));
  }

  @Property
  void mutatedEncodingsDecodeOrAreReportedAsUndecodable(
      @ForAll("events") DomainEvent event, @ForAll("mutations") Mutation mutation) {
    byte[] mutated = mutation.apply(CODEC.encode(event));

    String outcome = assertDecodesOrIsUndecodable(mutated);

    Statistics.collect(outcome);
    Statistics.coverage(coverage -> {
      coverage.check(Reason.BAD_HEADER.name()).count(n -> n > 0);
      coverage.check(Reason.UNKNOWN_FINGERPRINT.name()).count(n -> n > 0);
      coverage.check(Reason.MALFORMED_BODY.name()).count(n -> n > 0);
      coverage.check(Reason.INVALID_CONTENT.name()).count(n -> n > 0);
      coverage.check("decoded").count(n -> n > 0);
    });
  }

  /** @return the reason, or "decoded" */
  private static String assertDecodesOrIsUndecodable(byte[] bytes) {
    Throwable thrown = catchThrowable(() -> CODEC.decode(bytes));
    assertThat(thrown).satisfiesAnyOf(
        t -> assertThat(t).isNull(),
        t -> assertThat(t).isInstanceOf(UndecodableEventException.class));
    return thrown == null ? "decoded" : ((UndecodableEventException) thrown).reason().name();
  }

  @Provide
  Arbitrary<Schema> currentSchemas() {
    return Arbitraries.of(CODEC.schemas().current().values());
  }

  @Provide
  Arbitrary<DomainEvent> events() {
    return EventArbitraries.events();
  }

  @Provide
  Arbitrary<Mutation> mutations() {
    Arbitrary<Integer> position = Arbitraries.integers().between(0, 1_000);
    Arbitrary<Byte> value = Arbitraries.bytes();
    Arbitrary<Mutation> overwrite = Combinators.combine(position, value).as((at, b) -> new Mutation(
        "overwrite byte " + at + " with " + b, bytes -> overwrite(bytes, at, b)));
    Arbitrary<Mutation> insert = Combinators.combine(position, value).as((at, b) -> new Mutation(
        "insert " + b + " at " + at, bytes -> insert(bytes, at, b)));
    Arbitrary<Mutation> delete = position.map(at -> new Mutation(
        "delete byte " + at, bytes -> delete(bytes, at)));
    Arbitrary<Mutation> truncate = position.map(at -> new Mutation(
        "truncate to " + at, bytes -> Arrays.copyOf(bytes, Math.min(at, bytes.length))));
    return Arbitraries.oneOf(overwrite, insert, delete, truncate);
  }

  /** A change to valid bytes, named for jqwik's report. */
  record Mutation(String description, UnaryOperator<byte[]> change) {

    byte[] apply(byte[] bytes) {
      return change.apply(bytes);
    }

    @Override
    public String toString() {
      return description;
    }
  }

  private static byte[] overwrite(byte[] bytes, int at, byte value) {
    byte[] copy = bytes.clone();
    copy[at % copy.length] = value;
    return copy;
  }

  private static byte[] insert(byte[] bytes, int at, byte value) {
    int index = at % (bytes.length + 1);
    byte[] copy = new byte[bytes.length + 1];
    System.arraycopy(bytes, 0, copy, 0, index);
    copy[index] = value;
    System.arraycopy(bytes, index, copy, index + 1, bytes.length - index);
    return copy;
  }

  private static byte[] delete(byte[] bytes, int at) {
    int index = at % bytes.length;
    byte[] copy = new byte[bytes.length - 1];
    System.arraycopy(bytes, 0, copy, 0, index);
    System.arraycopy(bytes, index + 1, copy, index, bytes.length - index - 1);
    return copy;
  }
}
