package io.tablecast.orders;

import static io.tablecast.orders.OrderViews.CUSTOMERS;
import static io.tablecast.orders.OrderViews.ORDERS_BY_STATUS;
import static io.tablecast.orders.OrderViews.ORDER_ACTIVITY;
import static io.tablecast.projection.testing.ProjectionKit.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.orders.events.OrderEvent;
import io.tablecast.orders.events.OrderEventType;
import io.tablecast.projection.RouteRequest;
import io.tablecast.projection.ViewReader;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.projection.testing.RouteKit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class OrderViewsTest {

  static final Instant DAY = Instant.parse("2026-11-30T09:00:00Z");
  private final ProjectionKit<OrderEvent> orders = ProjectionKit.of(OrderViews.PROJECTED.projections());

  static OrderEvent event(String order, String customer, long version, OrderEventType type, long amount) {
    return new OrderEvent(order, customer, version, DAY.plusSeconds(60 * version), type, amount, null);
  }

  @Test
  void aCustomersSummaryAndItsOrdersByStatus_andTheOrdersByStatusAcrossCustomers_followTheirEvents() {
    orders.given(event("o1", "c1", 1, OrderEventType.PLACED, 500), event("o2", "c1", 1, OrderEventType.PLACED, 300),
            event("o1", "c1", 2, OrderEventType.SHIPPED, 0), event("o2", "c1", 2, OrderEventType.CANCELLED, 0))
        .expectRow(row(CUSTOMERS, "c1", "summary", "Orders", 2L, "Open", 0L, "TotalCents", 500L))
        .expectRow(row(CUSTOMERS, "c1", "status_shipped_o1", "Status", "shipped", "AmountCents", 500L, "Version", 2L,
            "PlacedAt", DAY.plusSeconds(60)))
        .expectRow(row(CUSTOMERS, "c1", "status_cancelled_o2", "Status", "cancelled", "AmountCents", 300L, "Version", 2L,
            "PlacedAt", DAY.plusSeconds(60)))
        .expectRow(row(ORDERS_BY_STATUS, "shipped", "o1", "CustomerId", "c1", "AmountCents", 500L))
        .expectRow(row(ORDERS_BY_STATUS, "cancelled", "o2", "CustomerId", "c1", "AmountCents", 300L))
        .expectRow(row(ORDER_ACTIVITY, "o1", "9999999997", "Type", "shipped", "OccurredAt", DAY.plusSeconds(120), "Version", 2L));
    assertThat(orders.given(event("o1", "c1", 1, OrderEventType.PLACED, 500), event("o1", "c1", 2, OrderEventType.SHIPPED, 0)).rows())
        .as("the placed copies left when the order shipped")
        .doesNotContainKeys(row(CUSTOMERS, "c1", "status_placed_o1").getKey(), row(ORDERS_BY_STATUS, "placed", "o1").getKey());
  }

  @Test
  void theCustomerRouteAnswersTheSummaryAndTheOrdersOfAStatus_nothingForACustomerWithNone_andA400ForAStatusThereIsNot() {
    RouteKit routes = RouteKit.of(new OrderViews().routes(), orders.given(event("o1", "c1", 1, OrderEventType.PLACED, 500),
        event("o2", "c1", 1, OrderEventType.PLACED, 300), event("o1", "c1", 2, OrderEventType.SHIPPED, 0)).rows());

    Map<?, ?> shipped = (Map<?, ?>) routes.get("/customers/c1?status=shipped").orElseThrow();
    assertThat(shipped.get("summary")).isEqualTo(Map.of("Orders", 2L, "Open", 1L, "TotalCents", 800L));
    assertThat((List<?>) shipped.get("orders")).extracting(row -> ((ViewReader.Row) row).rowKey()).containsExactly("status_shipped_o1");
    assertThat(routes.get("/customers/c9")).isEmpty();
    assertThatThrownBy(() -> routes.get("/customers/c1?status=lost")).isInstanceOf(RouteRequest.BadRequest.class)
        .hasMessage("'status' is one of [placed, shipped, cancelled], was 'lost'.");
  }

  @Test
  void theStatusStepFilesAnOrderFromItsRowNotFromTheEventThatAskedForIt() {
    StatusIndex.Order o1 = new StatusIndex.Order("c1", "o1");
    var customerRow = row(CUSTOMERS, "c1", "order_o1", "Status", "shipped", "AmountCents", 500L);

    assertThat(OrderViews.STATUS_INDEX.fold(ref -> ref.equals(customerRow.getKey()) ? Optional.of(customerRow.getValue())
        : Optional.empty(), o1)).extracting(change -> change.getClass().getSimpleName() + " " + change.ref())
        .containsExactly("Delete OrdersByStatus(placed, o1)", "Put OrdersByStatus(shipped, o1)", "Delete OrdersByStatus(cancelled, o1)");
    assertThat(OrderViews.STATUS_INDEX.decode(OrderViews.STATUS_INDEX.encode(o1))).isEqualTo(o1);
    assertThatThrownBy(() -> OrderViews.STATUS_INDEX.decode("o1")).hasMessage("not <customer>/<order>: o1");
  }

  @Test
  void anOrderEventTravelsInAvrosSingleObjectEncoding_andAnythingElseIsRefused() {
    OrderEvent cancelled = new OrderEvent("o1", "c1", 2L, DAY, OrderEventType.CANCELLED, 0L, "out of stock");

    assertThat(OrderViews.decode(OrderViews.TOPIC, OrderViews.encode(cancelled))).isEqualTo(cancelled);
    assertThatThrownBy(() -> OrderViews.decode(OrderViews.TOPIC, "{\"orderId\":\"o1\"}".getBytes()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an order event: Unrecognized header bytes");
  }

  @Property(tries = 200)
  void batchesOneEventAtATimeARebuildAndRedeliveryLeaveTheSameRows(@ForAll("histories") List<OrderEvent> log, @ForAll long seed) {
    orders.assertSameRowsEveryWay(log, seed);
  }

  /** Orders of four customers, each placed, then perhaps shipped or cancelled, interleaved. */
  @Provide
  Arbitrary<List<OrderEvent>> histories() {
    return Arbitraries.integers().between(0, 2).list().ofMaxSize(40).map(endings -> {
      List<OrderEvent> log = new ArrayList<>();
      Map<Integer, Integer> later = new HashMap<>();
      for (int i = 0; i < endings.size(); i++) {
        log.add(event("o" + i, "c" + i % 4, 1, OrderEventType.PLACED, 100L * (i + 1)));
        later.put(i, endings.get(i));
        if (i % 3 == 2) {
          later.forEach((order, ending) -> {
            if (ending > 0) {
              log.add(event("o" + order, "c" + order % 4, 2, ending == 1 ? OrderEventType.SHIPPED : OrderEventType.CANCELLED, 0));
            }
          });
          later.clear();
        }
      }
      return log;
    });
  }
}
