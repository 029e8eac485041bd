package io.tablecast.bench;

import java.util.Arrays;
import java.util.List;

/**
 * The parameters of the commands benchmark, read from system properties ({@code -Dclients=1,64}).
 *
 * @param clients the concurrencies to measure, each a number of HTTP clients with one request in
 *     flight (closed loop)
 * @param mixes the request mixes to measure: {@code hires} (hires only) and {@code mix} (hires
 *     50 %, PATCH 30 %, transfers 10 %, archives 5 %, manager assignments 5 %)
 * @param seconds length of each measured round
 * @param rounds rounds per mix and concurrency, and rounds of each producer ceiling
 * @param warmup seconds of unrecorded load before each mix and concurrency
 * @param partitions partitions of every topic (the Tablecast default is 3)
 * @param jitWarmupSeconds at most this long, unrecorded load (the mix if it is measured, else
 *     hires) at the most clients before the first measurement, until the JIT compiler has settled
 *     ({@link JitWarmup}); 0 for none
 */
record BenchSettings(List<Integer> clients, List<String> mixes, int seconds, int rounds, int warmup, int partitions, int jitWarmupSeconds) {

  BenchSettings {
    clients = List.copyOf(clients);
    mixes = List.copyOf(mixes);
    clients.forEach(c -> positive("clients", c));
    positive("seconds", seconds);
    positive("rounds", rounds);
    positive("partitions", partitions);
    if (warmup < 0 || jitWarmupSeconds < 0) {
      throw new IllegalArgumentException("'warmup' and 'jitWarmupSeconds' cannot be negative.");
    }
    if (clients.stream().anyMatch(c -> c > 1000)) {
      throw new IllegalArgumentException("'clients' must be at most 1000, was " + clients + ".");
    }
    if (mixes.isEmpty() || !List.of("hires", "mix").containsAll(mixes)) {
      throw new IllegalArgumentException("'mixes' must be hires, mix or both, was " + mixes + ".");
    }
  }

  static BenchSettings fromSystemProperties() {
    return new BenchSettings(
        Arrays.stream(System.getProperty("clients", "1,16,64,256").split(",")).map(String::strip).map(Integer::valueOf).toList(),
        Arrays.stream(System.getProperty("mixes", "hires,mix").split(",")).map(String::strip).toList(),
        Integer.getInteger("seconds", 10),
        Integer.getInteger("rounds", 3),
        Integer.getInteger("warmup", 3),
        Integer.getInteger("partitions", 3),
        Integer.getInteger("jitWarmupSeconds", 120));
  }

  /** The most clients of any run: that many departments are created, one per client. */
  int maxClients() {
    return clients.stream().mapToInt(Integer::intValue).max().orElseThrow();
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException("'" + name + "' must be at least 1, was " + value + ".");
    }
  }
}
