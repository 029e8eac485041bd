package io.tablecast.viewstore.adapter.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.viewstore.adapter.queue.StepMessages.Failure;
import io.tablecast.viewstore.adapter.queue.StepMessages.Origin;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepMessagesTest {

  private static final String TRACE = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  @Test
  void itemsWithoutTracesTravelWithoutTheField() {
    Map<String, Origin> items = new LinkedHashMap<>();
    items.put("c1/o1", Origin.NONE);
    items.put("c1/o2", Origin.NONE);

    List<String> texts = StepMessages.pack("orders-by-status", items);

    assertThat(texts).containsExactly("{\"format\":1,\"step\":\"orders-by-status\",\"items\":[\"c1/o1\",\"c1/o2\"]}");
    assertThat(StepMessages.read(texts.get(0)).trace(1)).isNull();
  }

  @Test
  void eachItemKeepsItsOwnTraceThroughTheQueue_aFailure_andASplit() {
    Map<String, Origin> items = new LinkedHashMap<>();
    items.put("c1/o1", new Origin(null, TRACE));
    items.put("c2/o9", Origin.NONE);

    StepMessages.Message message = StepMessages.read(StepMessages.pack("orders-by-status", items).get(0));
    List<StepMessages.Message> parts = StepMessages.read(StepMessages.write(message.failed(new Failure("412", true)))).split();

    assertThat(message.items()).containsExactly("c1/o1", "c2/o9");
    assertThat(message.trace(0)).isEqualTo(TRACE);
    assertThat(message.trace(1)).isNull();
    assertThat(parts).extracting(StepMessages.Message::items).containsExactly(List.of("c1/o1"), List.of("c2/o9"));
    assertThat(parts).extracting(part -> part.trace(0)).containsExactly(TRACE, null);
    assertThat(parts.get(0).fresh().lastFailure()).isEmpty();
    assertThat(parts.get(0).fresh().trace(0)).isEqualTo(TRACE);
  }

  @Test
  void eachItemKeepsThePlaceOfItsEventInTheLog_whenTheMessageKeepsOnlySomeOfItsItems() {
    Map<String, Origin> items = new LinkedHashMap<>();
    items.put("c1/o1", Origin.of("orders", 2, 41, null));
    items.put("c2/o9", Origin.NONE);
    items.put("c3/o7", Origin.of("orders", 0, 7, TRACE));

    StepMessages.Message kept = StepMessages.read(StepMessages.write(
        StepMessages.read(StepMessages.pack("orders-by-status", items).get(0)).keeping(List.of(2, 0))));

    assertThat(kept.items()).containsExactly("c1/o1", "c3/o7");
    assertThat(kept.origin(0)).isEqualTo(new Origin("orders-2@41", null));
    assertThat(kept.origin(1)).isEqualTo(new Origin("orders-0@7", TRACE));
    assertThat(kept.origin(0).passed(Map.of("orders-2", 40L))).as("applied up to 40").isFalse();
    assertThat(kept.origin(0).passed(Map.of("orders-2", 41L))).isTrue();
    assertThat(kept.origin(1).passed(Map.of("orders-2", 41L))).as("its partition never checkpointed").isFalse();
    assertThat(Origin.NONE.passed(Map.of())).as("an item whose event is not known is past it").isTrue();
  }

  @Test
  void eachItemKeepsWhenItsEventOccurred_throughAFailure_aSplit_andAnItemAskedForAgain() {
    Map<String, Origin> items = new LinkedHashMap<>();
    items.put("c1/o1", Origin.of("orders", 2, 41, TRACE, 1_764_600_000_000L));
    items.put("c2/o9", Origin.NONE);

    String text = StepMessages.pack("orders-by-status", items).get(0);
    List<StepMessages.Message> parts = StepMessages.read(StepMessages.write(StepMessages.read(text).failed(new Failure("412", true))))
        .split();

    assertThat(text).contains("\"occurred\":[1764600000000,null]");
    assertThat(parts).extracting(part -> part.origin(0).occurred()).containsExactly(1_764_600_000_000L, null);
    assertThat(Origin.of("orders", 2, 41, TRACE, 1L).askedAgain(Origin.of("orders", 2, 45, null, 5L)))
        .as("the place and time of the later event, the trace of the first").isEqualTo(new Origin("orders-2@45", TRACE, 5L));
    assertThat(StepMessages.pack("orders-by-status", Map.of("c1/o1", Origin.of("orders", 2, 41, null))).get(0))
        .as("no event time, no field").doesNotContain("occurred");
  }

  @Test
  void aMessageWhoseTracesDoNotMatchItsItemsIsRefused() {
    assertThatThrownBy(() -> StepMessages.read("{\"format\":1,\"step\":\"s\",\"items\":[\"a\",\"b\"],\"traces\":[null]}"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 traces for 2 items");
  }
}
