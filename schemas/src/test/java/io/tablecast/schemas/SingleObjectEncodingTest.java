package io.tablecast.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DomainEvent;
import io.tablecast.schemas.testdata.SampleEvents;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.junit.jupiter.api.Test;

/** The bytes follow SPEC §2: C3 01, the 8-byte little-endian CRC-64-AVRO fingerprint, the body. */
class SingleObjectEncodingTest {

  private static final EventCodec CODEC = EventCodec.create();

  @Test
  void messagesStartWithTheSingleObjectMarker() {
    for (DomainEvent event : SampleEvents.oneOfEachType()) {
      byte[] bytes = CODEC.encode(event);

      assertThat(Arrays.copyOf(bytes, 2)).containsExactly(0xC3, 0x01);
    }
  }

  @Test
  void theMarkerIsFollowedByTheLittleEndianFingerprintOfTheCurrentSchema() {
    for (DomainEvent event : SampleEvents.oneOfEachType()) {
      Schema current = CODEC.schemas().current(event.eventType()).orElseThrow();
      long expected = SchemaNormalization.parsingFingerprint64(current);

      byte[] bytes = CODEC.encode(event);

      byte[] expectedBytes = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(expected).array();
      assertThat(Arrays.copyOfRange(bytes, 2, 10)).as(event.eventType()).containsExactly(expectedBytes);
    }
  }

  @Test
  void theBodyIsPlainAvroBinaryOfTheCurrentSchema() throws Exception {
    DomainEvent event = SampleEvents.employeeHired();
    Schema current = CODEC.schemas().current("EmployeeHired").orElseThrow();
    byte[] bytes = CODEC.encode(event);

    BinaryDecoder body = DecoderFactory.get().binaryDecoder(bytes, 10, bytes.length - 10, null);
    GenericRecord record = new GenericDatumReader<GenericRecord>(current).read(null, body);

    assertThat(record.get("employeeId")).hasToString("00000123");
    assertThat(record.get("age")).isEqualTo(34);
    assertThat(body.isEnd()).isTrue();
  }
}
