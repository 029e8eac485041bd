package io.tablecast.orders;

import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.WorkStep;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code OrdersByStatus}, one partition per status across customers (an inter-partition index),
 * kept by a step: it reads the order's row in its customer's partition, the truth, and puts the
 * order under its status and nowhere else. Run late, twice or out of order, it still leaves what
 * the truth says.
 */
final class StatusIndex implements WorkStep<StatusIndex.Order> {

  record Order(String customerId, String orderId) {}

  static final List<String> STATUSES = List.of("placed", "shipped", "cancelled");

  @Override
  public String name() {
    return "orders-by-status";
  }

  @Override
  public ViewSet viewSet() {
    return OrderViews.VIEW_SET;
  }

  @Override
  public ViewSet.Queue queue() {
    return OrderViews.STATUS_QUEUE;
  }

  @Override
  public String encode(Order order) {
    return order.customerId() + "/" + order.orderId(); // '/' is in no PartitionKey or RowKey
  }

  @Override
  public Order decode(String text) {
    String[] keys = text.split("/", -1);
    if (keys.length != 2) {
      throw new IllegalArgumentException("not <customer>/<order>: " + text);
    }
    return new Order(keys[0], keys[1]);
  }

  @Override
  public Set<RowRef> reads(Order order) {
    return Stream.concat(Stream.of(truth(order)), STATUSES.stream().map(status -> filed(status, order))).collect(Collectors.toSet());
  }

  @Override
  public List<RowChange> fold(Rows rows, Order order) {
    Optional<Map<String, Object>> truth = rows.get(truth(order));
    return STATUSES.stream().map(status -> truth.filter(row -> status.equals(row.get("Status")))
        .<RowChange>map(row -> new RowChange.Put(filed(status, order), Map.of("CustomerId", order.customerId(), "AmountCents",
            row.get("AmountCents"))))
        .orElse(new RowChange.Delete(filed(status, order)))).toList();
  }

  private static RowRef filed(String status, Order order) {
    return new RowRef(OrderViews.ORDERS_BY_STATUS, status, order.orderId());
  }

  private static RowRef truth(Order order) {
    return new RowRef(OrderViews.CUSTOMERS, order.customerId(), "order_" + order.orderId());
  }
}
