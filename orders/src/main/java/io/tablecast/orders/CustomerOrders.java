package io.tablecast.orders;

import io.tablecast.orders.events.OrderEvent;
import io.tablecast.orders.events.OrderEventType;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RouteRequest;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import io.tablecast.projection.ViewRoute;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.Work;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A customer's partition of {@code Customers}: {@code summary} (orders, open orders, total), one
 * {@code order_<id>} row per order, and a copy of it under {@code status_<status>_<id>}. All
 * three change in one EGT, so the summary always agrees with the rows; the order row's version
 * makes an event delivered again change nothing. Each event asks {@link StatusIndex} to file the
 * order under its status in {@code OrdersByStatus}.
 */
final class CustomerOrders implements Projection<OrderEvent> {

  static final String SUMMARY = "summary";

  /**
   * {@code GET /orders/customers/{customerId}[?status=]}: the customer's summary and up to 100 of
   * its orders, or those of one status (a range of its partition); a 404 for a customer with none.
   */
  static final ViewRoute ROUTE = ViewRoute.get("/customers/{customerId}", (request, views) -> {
    String customer = request.pathParam("customerId");
    String prefix = request.queryParam("status").map(status -> {
      if (!StatusIndex.STATUSES.contains(status)) {
        throw RouteRequest.bad("'status' is one of " + StatusIndex.STATUSES + ", was '" + status + "'.");
      }
      return "status_" + status + "_";
    }).orElse("order_");
    return views.row(new RowRef(OrderViews.CUSTOMERS, customer, SUMMARY), Set.of()).map(summary -> Map.of("customerId", customer,
        "summary", summary, "orders", views.page(OrderViews.CUSTOMERS, customer, prefix, 100, Optional.empty(), Set.of()).rows()));
  });

  @Override
  public String name() {
    return "customer-orders";
  }

  @Override
  public ViewSet viewSet() {
    return OrderViews.VIEW_SET;
  }

  @Override
  public Optional<String> lane(OrderEvent event) {
    return Optional.of(event.getCustomerId());
  }

  @Override
  public Set<RowRef> reads(OrderEvent event) {
    return Set.of(summary(event), order(event));
  }

  @Override
  public List<RowChange> fold(Rows rows, OrderEvent event) {
    Optional<Map<String, Object>> order = rows.get(order(event));
    long version = order.map(o -> (long) o.get("Version")).orElse(0L);
    if (version >= event.getVersion() || (order.isEmpty() && event.getType() != OrderEventType.PLACED)) {
      return List.of();
    }
    Map<String, Object> summary = rows.get(summary(event)).orElse(Map.of("Orders", 0L, "Open", 0L, "TotalCents", 0L));
    long amount = order.map(o -> (long) o.get("AmountCents")).orElse(event.getAmountCents());
    String status = status(event.getType());
    List<RowChange> changes = new ArrayList<>();
    order.ifPresent(o -> changes.add(new RowChange.Delete(row(event, "status_" + o.get("Status") + "_" + event.getOrderId()))));
    Map<String, Object> placed = Map.of("Status", status, "AmountCents", amount, "Version", event.getVersion(),
        "PlacedAt", order.map(o -> o.get("PlacedAt")).orElse(event.getOccurredAt()));
    changes.add(new RowChange.Put(order(event), placed));
    changes.add(new RowChange.Put(row(event, "status_" + status + "_" + event.getOrderId()), placed));
    boolean wasOpen = order.map(o -> "placed".equals(o.get("Status"))).orElse(false);
    long opened = event.getType() == OrderEventType.PLACED ? 1 : 0;
    changes.add(new RowChange.Put(summary(event), Map.of(
        "Orders", (long) summary.get("Orders") + opened,
        "Open", (long) summary.get("Open") + opened - (wasOpen ? 1 : 0),
        "TotalCents", (long) summary.get("TotalCents") + opened * amount
            - (event.getType() == OrderEventType.CANCELLED && wasOpen ? amount : 0))));
    return changes;
  }

  @Override
  public List<Work> work(OrderEvent event) {
    return List.of(OrderViews.STATUS_INDEX.askFor(new StatusIndex.Order(event.getCustomerId(), event.getOrderId())));
  }

  /** {@code placed}, {@code shipped} or {@code cancelled}. */
  static String status(OrderEventType type) {
    return type.name().toLowerCase(Locale.ROOT);
  }

  private static RowRef summary(OrderEvent event) {
    return row(event, SUMMARY);
  }

  private static RowRef order(OrderEvent event) {
    return row(event, "order_" + event.getOrderId());
  }

  private static RowRef row(OrderEvent event, String rowKey) {
    return new RowRef(OrderViews.CUSTOMERS, event.getCustomerId(), rowKey);
  }
}
