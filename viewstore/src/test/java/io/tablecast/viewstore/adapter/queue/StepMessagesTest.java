package io.tablecast.viewstore.adapter.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.viewstore.adapter.queue.WorkMessages.Failure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepMessagesTest {

  private static final String TRACE = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  @Test
  void itemsWithoutTracesTravelWithoutTheField() {
    Map<String, String> items = new LinkedHashMap<>();
    items.put("c1/o1", null);
    items.put("c1/o2", null);

    List<String> texts = StepMessages.pack("orders-by-status", items);

    assertThat(texts).containsExactly("{\"format\":1,\"step\":\"orders-by-status\",\"items\":[\"c1/o1\",\"c1/o2\"]}");
    assertThat(StepMessages.read(texts.get(0)).trace(1)).isNull();
  }

  @Test
  void eachItemKeepsItsOwnTraceThroughTheQueue_aFailure_andASplit() {
    Map<String, String> items = new LinkedHashMap<>();
    items.put("c1/o1", TRACE);
    items.put("c2/o9", null);

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
  void aMessageWhoseTracesDoNotMatchItsItemsIsRefused() {
    assertThatThrownBy(() -> StepMessages.read("{\"format\":1,\"step\":\"s\",\"items\":[\"a\",\"b\"],\"traces\":[null]}"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 traces for 2 items");
  }
}
