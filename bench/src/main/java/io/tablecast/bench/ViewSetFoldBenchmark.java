package io.tablecast.bench;

import io.tablecast.operations.viewsets.DiskRows;
import io.tablecast.orders.OrderViews;
import io.tablecast.orders.events.OrderEvent;
import io.tablecast.orders.events.OrderEventType;
import io.tablecast.projection.InMemoryViews;
import io.tablecast.projection.RowRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The fold of a team's {@code rebuild} and {@code verify}, with its rows on the heap and in a file
 * ({@link DiskRows}), in one run: {@code events} events of the {@code orders} example over
 * {@code customers} customers (each order placed, then shipped or cancelled or left open), folded
 * in batches of 500 as a rebuild reads them, {@code rounds} times each way, alternately. Reports
 * each way's median events per second and the ratio of the file's to the heap's. No Kafka and no
 * Azure: the fold alone, which is what the file changes.
 *
 * <p>A command-line tool that prints Markdown and asserts nothing about time; see
 * {@code docs/benchmarks.md}.
 */
public final class ViewSetFoldBenchmark {

  private static final int BATCH = 500;

  private ViewSetFoldBenchmark() {}

  public static void main(String[] args) {
    int events = Integer.getInteger("events", 300_000);
    int customers = Integer.getInteger("customers", 5_000);
    int rounds = Integer.getInteger("rounds", 3);
    List<OrderEvent> log = log(events, customers, Long.getLong("seed", 42L));
    List<Double> heap = new ArrayList<>();
    List<Double> file = new ArrayList<>();
    long rows = 0;
    for (int round = 0; round < rounds; round++) {
      heap.add(fold(log, new LinkedHashMap<>()));
      try (DiskRows disk = new DiskRows(OrderViews.VIEW_SET)) {
        file.add(fold(log, disk));
        rows = disk.size();
      }
    }
    System.out.printf("%n## Folding %,d order events (%,d rows), %d rounds each way, heap %,d MiB%n%n", log.size(), rows, rounds,
        Runtime.getRuntime().maxMemory() >> 20);
    System.out.println("| Rows kept | Events/s per round | Median events/s |");
    System.out.println("|---|---|---:|");
    System.out.printf("| on the heap | %s | %,.0f |%n", rates(heap), median(heap));
    System.out.printf("| in a file (DiskRows) | %s | %,.0f |%n", rates(file), median(file));
    System.out.printf("%nfile ÷ heap: %.2f%n", median(file) / median(heap));
  }

  /** @return events per second */
  private static double fold(List<OrderEvent> log, Map<RowRef, Map<String, Object>> rows) {
    long start = System.nanoTime();
    InMemoryViews<OrderEvent> views = new InMemoryViews<>(OrderViews.PROJECTED.projections(), rows);
    for (int from = 0; from < log.size(); from += BATCH) {
      views.apply(log.subList(from, Math.min(log.size(), from + BATCH)));
    }
    views.settle();
    return log.size() / ((System.nanoTime() - start) / 1e9);
  }

  /** Orders placed in turn by the customers; about half of them shipped, a fifth cancelled, a few events later. */
  static List<OrderEvent> log(int events, int customers, long seed) {
    Random random = new Random(seed);
    Instant at = Instant.parse("2026-11-30T00:00:00Z");
    List<OrderEvent> log = new ArrayList<>(events);
    List<OrderEvent> open = new ArrayList<>();
    for (int order = 0; log.size() < events; order++) {
      OrderEvent placed = new OrderEvent("o" + order, "c" + random.nextInt(customers), 1L, at.plusSeconds(log.size()),
          OrderEventType.PLACED, 100L + random.nextInt(10_000), null);
      log.add(placed);
      open.add(placed);
      if (open.size() > 20 && log.size() < events) {
        OrderEvent due = open.remove(random.nextInt(open.size()));
        int fate = random.nextInt(10);
        if (fate < 8) {
          log.add(new OrderEvent(due.getOrderId(), due.getCustomerId(), 2L, at.plusSeconds(log.size()),
              fate < 6 ? OrderEventType.SHIPPED : OrderEventType.CANCELLED, 0L, fate < 6 ? null : "changed mind"));
        }
      }
    }
    return log;
  }

  private static String rates(List<Double> rates) {
    return String.join(" · ", rates.stream().map(r -> String.format("%,.0f", r)).toList());
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    return sorted.get(sorted.size() / 2);
  }
}
