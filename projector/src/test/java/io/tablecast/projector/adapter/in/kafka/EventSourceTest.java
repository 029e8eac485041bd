package io.tablecast.projector.adapter.in.kafka;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.hired;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.config.Namespace;
import io.tablecast.events.DomainEvent;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.testkit.Tally;
import io.tablecast.testkit.Tally.Tick;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** How any view set's consumer reads its topics: the planned view set's and a team's alike. */
class EventSourceTest {

  private static final Namespace NAMESPACE = new Namespace("t1");

  @Test
  void aTeamsViewSetReadsItsTopicsWithinTheNamespace_andNoneOfItsEventsWaitsForAnInFlightMark() {
    EventSource<Tick> source = EventSource.of(NAMESPACE, Tally.PROJECTED);

    assertThat(source.topics()).isEqualTo(Map.of(NAMESPACE.topic(Tally.TOPIC), Tally.TOPIC));
    Tick tick = source.decode(record(NAMESPACE.topic(Tally.TOPIC), "b1,a1,1,5".getBytes(StandardCharsets.UTF_8)));
    assertThat(tick).isEqualTo(new Tick("b1", "a1", 1, 5));
    assertThat(source.movesRows().test(tick)).isFalse();
  }

  @Test
  void thePlannedViewSetsPlanSaysWhichOfItsEventsMoveRows() {
    EventSource<DomainEvent> source = EventSource.of(NAMESPACE, HrProjections.PLANNED);

    assertThat(source.movesRows().test(archived(7, 2, "Sales", "left"))).isTrue();
    assertThat(source.movesRows().test(hired(7, "Sales", "Ann", "Lee", "a@x.io"))).isFalse();
  }

  @Test
  void aRecordWithNoValueIsNoEventForAnyViewSet_andARecordOfATopicTheViewSetDoesNotReadIsRefused() {
    EventSource<Tick> source = EventSource.of(NAMESPACE, Tally.PROJECTED);

    assertThat(source.decode(record(NAMESPACE.topic(Tally.TOPIC), null))).isNull();
    assertThatThrownBy(() -> source.decode(record("t1.other", new byte[1])))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not read t1.other");
  }

  private static ConsumerRecord<byte[], byte[]> record(String topic, byte[] value) {
    return new ConsumerRecord<>(topic, 0, 3, null, value);
  }
}
