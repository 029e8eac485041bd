package io.tablecast.schemas;

import static io.tablecast.schemas.CraftedMessages.concat;
import static io.tablecast.schemas.CraftedMessages.header;
import static io.tablecast.schemas.CraftedMessages.message;
import static io.tablecast.schemas.CraftedMessages.writes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tablecast.events.DomainEvent;
import io.tablecast.schemas.UndecodableEventException.Reason;
import io.tablecast.schemas.testdata.SampleEvents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.junit.jupiter.api.Test;

/** Every kind of bad input is reported as {@link UndecodableEventException} with its reason. */
class UndecodableMessagesTest {

  private static final EventCodec CODEC = EventCodec.create();
  private static final Schema ARCHIVED = CODEC.schemas().current("EmployeeArchived").orElseThrow();

  @Test
  void nullIsReportedAsBadHeader() {
    assertThat(reasonFor(null)).isEqualTo(Reason.BAD_HEADER);
  }

  @Test
  void emptyBytesAreReportedAsBadHeader() {
    assertThat(reasonFor(new byte[0])).isEqualTo(Reason.BAD_HEADER);
  }

  @Test
  void everyMessageShorterThanTheHeaderIsReportedAsBadHeader() {
    byte[] valid = CODEC.encode(SampleEvents.employeeHired());

    for (int length = 0; length < 10; length++) {
      assertThat(reasonFor(Arrays.copyOf(valid, length))).as("first %d bytes", length).isEqualTo(Reason.BAD_HEADER);
    }
  }

  @Test
  void aWrongMarkerIsReportedAsBadHeaderNamingTheBytes() {
    byte[] message = CODEC.encode(SampleEvents.employeeHired());
    message[1] = 0x02;

    UndecodableEventException thrown = decodeFailure(message);

    assertThat(thrown.reason()).isEqualTo(Reason.BAD_HEADER);
    assertThat(thrown).hasMessageContaining("0xC3 0x02");
  }

  @Test
  void jsonIsReportedAsBadHeader() {
    assertThat(reasonFor("{\"employeeId\":\"00000123\"}".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(Reason.BAD_HEADER);
  }

  @Test
  void anUnknownFingerprintIsReportedAsSuchNamingIt() {
    byte[] message = concat(header(0x0123456789ABCDEFL), CODEC.encode(SampleEvents.employeeHired()));

    UndecodableEventException thrown = decodeFailure(message);

    assertThat(thrown.reason()).isEqualTo(Reason.UNKNOWN_FINGERPRINT);
    assertThat(thrown).hasMessageContaining("0x0123456789ABCDEF");
  }

  @Test
  void truncatedBodyIsReportedAsMalformed() {
    for (DomainEvent event : SampleEvents.oneOfEachType()) {
      byte[] valid = CODEC.encode(event);

      for (int length = 10; length < valid.length; length++) {
        assertThat(reasonFor(Arrays.copyOf(valid, length)))
            .as("%s cut to %d of %d bytes", event.eventType(), length, valid.length)
            .isEqualTo(Reason.MALFORMED_BODY);
      }
    }
  }

  @Test
  void trailingBytesAfterTheRecordAreReportedAsMalformed() {
    byte[] message = concat(CODEC.encode(SampleEvents.employeeHired()), (byte) 0);

    UndecodableEventException thrown = decodeFailure(message);

    assertThat(thrown.reason()).isEqualTo(Reason.MALFORMED_BODY);
    assertThat(thrown).hasMessageContaining("after the end of the record");
  }

  @Test
  void garbageBehindAValidHeaderIsReportedAsMalformed() {
    byte[] garbage = new byte[40];
    Arrays.fill(garbage, (byte) 0xFF);

    assertThat(reasonFor(concat(header(ARCHIVED), garbage))).isEqualTo(Reason.MALFORMED_BODY);
  }

  @Test
  void aUnionBranchOutOfRangeIsReportedAsMalformed() {
    byte[] message = message(ARCHIVED, writes(out -> {
      writeEnvelope(out);
      out.writeString("00000123");
      out.writeString("Sales");
      out.writeIndex(7);
    }));

    assertThat(reasonFor(message)).isEqualTo(Reason.MALFORMED_BODY);
  }

  @Test
  void aWellFormedHandWrittenBodyDecodes() {
    // The control for the crafted messages of this class: the same writes, with a valid tail.
    byte[] message = message(ARCHIVED, writes(out -> {
      writeEnvelope(out);
      out.writeString("00000123");
      out.writeString("Sales");
      out.writeIndex(1);
      out.writeString("Moved abroad");
    }));

    assertThat(CODEC.decode(message).eventType()).isEqualTo("EmployeeArchived");
  }

  static void writeEnvelope(BinaryEncoder out) throws IOException {
    out.writeString("3f1c4a52-4b8e-4f0e-9d55-7a3b2a9c1e00");
    out.writeString("cmd-1");
    out.writeString("00000123");
    out.writeLong(4);
    out.writeLong(1_764_110_677_595L);
    out.writeString("anonymous");
  }

  static Reason reasonFor(byte[] message) {
    return decodeFailure(message).reason();
  }

  static UndecodableEventException decodeFailure(byte[] message) {
    UndecodableEventException thrown =
        catchThrowableOfType(UndecodableEventException.class, () -> CODEC.decode(message));
    assertThat(thrown).as("decoding must fail with UndecodableEventException").isNotNull();
    return thrown;
  }
}
