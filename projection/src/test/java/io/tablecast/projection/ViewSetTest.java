package io.tablecast.projection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ViewSetTest {

  private record Table(String baseName) implements ViewSet.Table {}

  @Test
  void aViewSetWithoutTablesOrWithABadNameOrATableTwiceIsRefusedWithTheReason() {
    assertThatThrownBy(() -> ViewSet.of("orders", List.of(), List.of())).hasMessage("View set 'orders' declares no table.");
    assertThatThrownBy(() -> ViewSet.of("Orders!", List.of(new Table("Orders")), List.of()))
        .hasMessageContaining("1-32 lower-case letters and digits").hasMessageContaining("'Orders!'");
    assertThatThrownBy(() -> ViewSet.of("orders", List.of(new Table("Orders"), new Table("Orders")), List.of()))
        .hasMessage("View set 'orders' declares a table twice: [Orders, Orders]");
  }

  @Test
  void itsCheckpointsAreKeptUnderItsNameUnlessItAsksOtherwise() {
    ViewSet orders = ViewSet.of("orders", List.of(new Table("Orders")), List.of());

    assertThat(orders.checkpointPrefix()).isEqualTo("orders.");
    assertThat(orders.withUnprefixedCheckpoints().checkpointPrefix()).isEmpty();
  }
}
