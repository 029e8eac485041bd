package io.tablecast.common.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.Namespace;
import io.tablecast.projection.ViewSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class GenerationTest {

  private record Table(String baseName) implements ViewSet.Table {}

  private record Queue(String baseName) implements ViewSet.Queue {}

  private static final ViewSet ORDERS = ViewSet.of("orders", List.of(new Table("Orders"), new Table("OrdersByCustomer")),
      List.of(new Queue("customer-index")));

  @Test
  void aViewSetWithUnprefixedCheckpointsKeepsThemUnderTheGenerationAlone() {
    Generation g3 = new Generation(ORDERS.withUnprefixedCheckpoints(), Namespace.NONE, 3);

    assertThat(g3.tables()).containsExactly("OrdersG3", "OrdersByCustomerG3");
    assertThat(g3.checkpointPartition()).isEqualTo("G3");
  }

  @Test
  void anotherViewSetNamesItsOwnTablesQueuesAndCheckpoints() {
    Generation g2 = new Generation(ORDERS, new Namespace("t1"), 2);

    assertThat(g2.tables()).containsExactly("t1OrdersG2", "t1OrdersByCustomerG2");
    assertThat(g2.queues()).containsExactly("t1-customer-index-g2", "t1-customer-index-g2-poison");
    assertThat(g2.checkpointPartition()).isEqualTo("orders.G2");
    assertThat(g2.next().checkpointPartition()).isEqualTo("orders.G3");
  }
}
