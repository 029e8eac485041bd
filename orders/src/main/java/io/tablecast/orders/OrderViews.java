package io.tablecast.orders;

import io.tablecast.orders.events.OrderEvent;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.ViewRoute;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.ViewSetProvider;
import io.tablecast.projection.ViewSetReads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.message.BinaryMessageDecoder;
import org.apache.avro.specific.SpecificData;

/**
 * The {@code orders} view set: a shop's order events, from {@value #TOPIC}, kept as
 *
 * <ul>
 *   <li>{@code Customers}, one partition per customer: a summary row, kept in the same EGT as the
 *       customer's order rows, and the orders again by status (an intra-partition index);
 *   <li>{@code OrdersByStatus}, one partition per status: the orders across customers (an
 *       inter-partition index), kept by a cross-partition step on the queue {@code orders-by-status};
 *   <li>{@code OrderActivity}, one partition per order: its log tail, newest first.
 * </ul>
 */
public final class OrderViews implements ViewSetProvider {

  public static final ViewSet.Table CUSTOMERS = ViewSet.table("Customers");
  public static final ViewSet.Table ORDERS_BY_STATUS = ViewSet.table("OrdersByStatus");
  public static final ViewSet.Table ORDER_ACTIVITY = ViewSet.table("OrderActivity");
  public static final ViewSet.Queue STATUS_QUEUE = ViewSet.queue("orders-by-status");
  public static final String TOPIC = "orders.events";
  public static final ViewSet VIEW_SET = ViewSet.of("orders", List.of(CUSTOMERS, ORDERS_BY_STATUS, ORDER_ACTIVITY), List.of(STATUS_QUEUE));
  static final StatusIndex STATUS_INDEX = new StatusIndex();
  /**
   * Records as this jar's classes: a jar the engine loads from {@code TABLECAST_VIEW_SETS_DIR} has a
   * class loader of its own, which Avro's default model, on the engine's, does not see.
   */
  private static final BinaryMessageDecoder<OrderEvent> DECODER =
      new BinaryMessageDecoder<>(new SpecificData(OrderEvent.class.getClassLoader()), OrderEvent.getClassSchema());
  public static final ProjectedViewSet<OrderEvent> PROJECTED = new ProjectedViewSet<>(VIEW_SET, List.of(TOPIC), OrderViews::decode,
      List.of(new CustomerOrders(), new OrderTrail()), List.of(STATUS_INDEX));

  @Override
  public ProjectedViewSet<OrderEvent> projectedViewSet() {
    return PROJECTED;
  }

  @Override
  public List<ViewRoute> routes() {
    return List.of(CustomerOrders.ROUTE);
  }

  @Override
  public Optional<URL> openApi() {
    return ViewSetReads.resource(OrderViews.class, "/openapi/orders-views.json");
  }

  /** Avro's single-object encoding: the schema's fingerprint, then the record. */
  static OrderEvent decode(String topic, byte[] value) {
    try {
      return DECODER.decode(ByteBuffer.wrap(value));
    } catch (IOException | AvroRuntimeException e) {
      throw new IllegalArgumentException("not an order event: " + e.getMessage(), e);
    }
  }

  public static byte[] encode(OrderEvent event) {
    try {
      return event.toByteBuffer().array(); // a buffer of its own, its array exactly the encoding
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
