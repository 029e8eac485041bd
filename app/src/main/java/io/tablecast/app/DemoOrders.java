package io.tablecast.app;

import io.tablecast.orders.events.OrderEvent;
import io.tablecast.orders.events.OrderEventType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The demo's orders, for the {@code orders} example view set: {@code count} orders of five
 * customers placed, then every third of them shipped and every seventh of the others cancelled.
 * The same events every time, so that sending them again changes nothing.
 *
 * @param events in the order they are sent: an order's later event after its first
 * @param expected per customer, the orders placed and those still open, as its summary must show them
 */
record DemoOrders(List<OrderEvent> events, Map<String, Counts> expected) {

  static final List<String> CUSTOMERS = List.of("c1", "c2", "c3", "c4", "c5");
  private static final Instant PLACED_FROM = Instant.parse("2026-01-05T09:00:00Z");

  /** What a customer's summary row holds of {@code Orders} and {@code Open}. */
  record Counts(long orders, long open) {}

  static DemoOrders of(int count) {
    List<OrderEvent> placed = new ArrayList<>();
    List<OrderEvent> later = new ArrayList<>();
    Map<String, Counts> expected = new LinkedHashMap<>();
    for (int i = 1; i <= count; i++) {
      String order = "o%04d".formatted(i);
      String customer = CUSTOMERS.get((i - 1) % CUSTOMERS.size());
      Instant at = PLACED_FROM.plusSeconds(60L * i);
      placed.add(new OrderEvent(order, customer, 1L, at, OrderEventType.PLACED, 1_000L + 250L * (i % 7), null));
      boolean shipped = i % 3 == 0;
      boolean cancelled = !shipped && i % 7 == 0;
      if (shipped || cancelled) {
        later.add(new OrderEvent(order, customer, 2L, at.plusSeconds(3_600), shipped ? OrderEventType.SHIPPED : OrderEventType.CANCELLED,
            0L, cancelled ? "changed their mind" : null));
      }
      Counts before = expected.getOrDefault(customer, new Counts(0, 0));
      expected.put(customer, new Counts(before.orders() + 1, before.open() + (shipped || cancelled ? 0 : 1)));
    }
    List<OrderEvent> events = new ArrayList<>(placed);
    events.addAll(later);
    return new DemoOrders(List.copyOf(events), Map.copyOf(expected));
  }
}
