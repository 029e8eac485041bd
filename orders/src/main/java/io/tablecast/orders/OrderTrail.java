package io.tablecast.orders;

import io.tablecast.orders.events.OrderEvent;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.Rows;
import io.tablecast.projection.ViewSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The order's log tail in {@code OrderActivity} (RowKey {@code 9999999999 − version}, newest
 * first; a cancellation with its reason): rows derived from one event alone, written without
 * reading, so writing them again is harmless.
 */
final class OrderTrail implements Projection<OrderEvent> {

  @Override
  public String name() {
    return "order-trail";
  }

  @Override
  public ViewSet viewSet() {
    return OrderViews.VIEW_SET;
  }

  @Override
  public Optional<String> lane(OrderEvent event) {
    return Optional.of(event.getOrderId());
  }

  @Override
  public List<RowChange> fold(Rows rows, OrderEvent event) {
    Map<String, Object> entry = new HashMap<>(Map.of("Type", CustomerOrders.status(event.getType()), "OccurredAt", event.getOccurredAt(),
        "Version", event.getVersion()));
    Optional.ofNullable(event.getReason()).ifPresent(reason -> entry.put("Reason", reason));
    return List.of(new RowChange.Put(new RowRef(OrderViews.ORDER_ACTIVITY, event.getOrderId(),
        String.format("%010d", 9_999_999_999L - event.getVersion())), entry));
  }
}
