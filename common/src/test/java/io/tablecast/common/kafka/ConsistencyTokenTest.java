package io.tablecast.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConsistencyTokenTest {

  @Property
  void roundTripsThroughItsOpaqueForm(
      @ForAll @StringLength(min = 1, max = 249) @Chars({'.', '_', '-'}) @CharRange(from = 'a', to = 'z')
          @CharRange(from = 'A', to = 'Z') @CharRange(from = '0', to = '9') String topic,
      @ForAll @IntRange(min = 0, max = 10_000) int partition,
      @ForAll @LongRange(min = 0) long offset) {
    ConsistencyToken token = new ConsistencyToken.EventPosition(topic, partition, offset);
    assertThat(ConsistencyToken.parse(token.encode())).contains(token);
  }

  @Property
  void aggregateVersionsRoundTripToo(
      @ForAll @StringLength(min = 1, max = 64) @Chars('-') @CharRange(from = 'a', to = 'z') @CharRange(from = '0', to = '9') String id,
      @ForAll @LongRange(min = 1) long version,
      @ForAll boolean department) {
    ConsistencyToken token = new ConsistencyToken.AggregateVersion(department ? "department" : "employee", id, version);
    assertThat(ConsistencyToken.parse(token.encode())).contains(token);
  }

  @Test
  void anAggregateOfAnyKindAViewSetDeclaresRoundTrips_andAKindThatIsNotALowerCaseNameIsRefused() {
    ConsistencyToken order = new ConsistencyToken.AggregateVersion("order", "o-17", 3);
    assertThat(ConsistencyToken.parse(order.encode())).contains(order);
    for (String kind : List.of("", "Order", "order/line", "7order", "o".repeat(33))) {
      assertThatThrownBy(() -> new ConsistencyToken.AggregateVersion(kind, "o-17", 3)).as(kind)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void isUrlSafeAndVersioned() {
    String encoded = new ConsistencyToken.EventPosition("tablecast.employee-events", 2, 41).encode();
    assertThat(encoded).startsWith("v1.").matches("v1\\.[A-Za-z0-9_-]+");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "v1.", "v1.!!!", "v2.AAAAAAAAAAAAAAAAdA", "garbage", "v1.AAAA", "a1.", "a1.AAAAAAAAAAAB", "a1.AAAAAAAAAAABZW1wbG95ZWU"})
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
  void refusesTopicNamesKafkaWouldRefuse() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ConsistencyToken.EventPosition("a/b", 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ConsistencyToken.EventPosition("x".repeat(250), 0, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void rejectsATokenWhoseTopicIsNotALegalName() {
    String forged = "v1." + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
        java.nio.ByteBuffer.allocate(15).putInt(1).putLong(5).put("a/b".getBytes()).array());
    assertThat(ConsistencyToken.parse(forged)).isEmpty();
  }

  @Test
  void rejectsNull() {
    assertThat(ConsistencyToken.parse(null)).isEmpty();
  }
}
