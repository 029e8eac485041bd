package io.tablecast.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A reader of one view during a rebuild, every 20 ms, that keeps when each read was made, how
 * long it took and what it answered: the cut-over as readers see it.
 */
final class CutOverReader implements AutoCloseable {

  private record Read(long atMillis, double millis, int status) {}

  private final List<Read> reads = new CopyOnWriteArrayList<>();
  private final Thread thread;
  private volatile boolean running = true;

  private CutOverReader(URI uri) {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).GET().build();
    thread = new Thread(() -> {
      while (running) {
        long at = System.currentTimeMillis();
        long start = System.nanoTime();
        int status;
        try {
          status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
          status = -1;
        }
        reads.add(new Read(at, (System.nanoTime() - start) / 1e6, status));
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "cut-over-reader");
    thread.setDaemon(true);
    thread.start();
  }

  static CutOverReader start(URI uri) {
    return new CutOverReader(uri);
  }

  /** Prints the reads around the flip at {@code flippedAt} (epoch ms). */
  void report(long flippedAt) {
    List<Read> all = List.copyOf(reads);
    long failed = all.stream().filter(r -> r.status() < 0 || r.status() >= 500).count();
    double worst = all.stream().filter(r -> r.atMillis() >= flippedAt - 5_000 && r.atMillis() <= flippedAt + 15_000)
        .mapToDouble(Read::millis).max().orElse(0);
    double[] sorted = all.stream().mapToDouble(Read::millis).sorted().toArray();
    double median = sorted.length == 0 ? 0 : sorted[sorted.length / 2];
    long firstNew = all.stream().filter(r -> r.atMillis() >= flippedAt && r.status() == 200).mapToLong(Read::atMillis).findFirst().orElse(-1);
    long firstSeen = all.stream().filter(r -> r.status() == 200).mapToLong(Read::atMillis).findFirst().orElse(Long.MAX_VALUE);
    long backwards = all.stream().filter(r -> r.atMillis() > firstSeen && r.status() != 200).count();
    System.out.printf("Readers (one GET /departments/D1 every 20 ms, %,d reads): %d failed, %d went backwards after the department"
        + " was first seen; median %.1f ms; slowest read from 5 s before to 15 s after the flip %.1f ms; the views served the new"
        + " generation %s after the flip.%n", all.size(), failed, backwards, median, worst,
        firstNew < 0 ? "not yet" : String.format("%.1f s", (firstNew - flippedAt) / 1000.0));
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
  }
}
