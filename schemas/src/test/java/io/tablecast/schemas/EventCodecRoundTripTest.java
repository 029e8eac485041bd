package io.tablecast.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.schemas.testdata.EventArbitraries;
import io.tablecast.schemas.testdata.SampleEvents;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

class EventCodecRoundTripTest {

  private static final EventCodec CODEC = EventCodec.create();

  @Property
  void everyEventDecodesToAnEqualEvent(@ForAll("events") DomainEvent event) {
    Statistics.collect(event.eventType());

    DomainEvent decoded = CODEC.decode(CODEC.encode(event));

    assertThat(decoded).isEqualTo(event);
  }

  @Provide
  Arbitrary<DomainEvent> events() {
    return EventArbitraries.events();
  }

  @Test
  void eachEventTypeDecodesToItself() {
    for (DomainEvent event : SampleEvents.oneOfEachType()) {
      assertThat(CODEC.decode(CODEC.encode(event))).isEqualTo(event).hasSameClassAs(event);
    }
  }

  @Test
  void anEmptyArchiveReasonTravelsAsAbsent() {
    EmployeeArchived withEmptyReason = SampleEvents.employeeArchived(Optional.of(""));

    DomainEvent decoded = CODEC.decode(CODEC.encode(withEmptyReason));

    assertThat(((EmployeeArchived) decoded).reason()).isEmpty();
  }

  @Test
  void oneCodecServesManyThreadsAtOnce() throws Exception {
    DomainEvent event = SampleEvents.employeeHired();
    Runnable roundTrips = () -> {
      for (int i = 0; i < 2_000; i++) {
        assertThat(CODEC.decode(CODEC.encode(event))).isEqualTo(event);
      }
    };
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> futures = IntStream.range(0, 4).<Future<?>>mapToObj(i -> pool.submit(roundTrips)).toList();
      for (Future<?> future : futures) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
