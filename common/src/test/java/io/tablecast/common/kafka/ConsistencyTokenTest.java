package io.tablecast.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConsistencyTokenTest {

  @Property
  void roundTripsThroughItsOpaqueForm(
      @ForAll @StringLength(min = 1, max = 200) String topic,
      @ForAll @IntRange(min = 0, max = 10_000) int partition,
      @ForAll @LongRange(min = 0) long offset) {
    ConsistencyToken token = new ConsistencyToken(topic, partition, offset);
    if (topic.chars().noneMatch(c -> Character.isSurrogate((char) c))) {
      assertThat(ConsistencyToken.parse(token.encode())).contains(token);
    }
  }

  @Test
  void isUrlSafeAndVersioned() {
    String encoded = new ConsistencyToken("tablecast.employee-events", 2, 41).encode();
    assertThat(encoded).startsWith("v1.").matches("v1\\.[A-Za-z0-9_-]+");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "v1.", "v1.!!!", "v2.AAAAAAAAAAAAAAAAdA", "garbage", "v1.AAAA"})
  void rejectsWhatItDidNotProduce(String text) {
    assertThat(ConsistencyToken.parse(text)).isEmpty();
  }

  @Test
  void rejectsNegativeNumbersHiddenInAToken() {
    String forged = "v1." + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
        java.nio.ByteBuffer.allocate(13).putInt(-1).putLong(5).put((byte) 'x').array());
    assertThat(ConsistencyToken.parse(forged)).isEmpty();
  }

  @Test
  void rejectsNull() {
    assertThat(ConsistencyToken.parse(null)).isEmpty();
  }
}
