package io.tablecast.bench;

/**
 * The parameters of the commands benchmark, read from system properties ({@code -Dclients=64}).
 *
 * @param clients concurrent HTTP clients, each with one request in flight (closed loop)
 * @param seconds length of each measured phase, per round
 * @param rounds rounds; each runs the HTTP load, then the two producer ceilings
 * @param warmup seconds of unrecorded load before the first round
 * @param partitions partitions of every topic (the Tablecast default is 3)
 * @param patchEvery every n-th request of a client is a PATCH of an employee it hired; 0 for hires only
 */
record BenchSettings(int clients, int seconds, int rounds, int warmup, int partitions, int patchEvery) {

  BenchSettings {
    positive("clients", clients);
    positive("seconds", seconds);
    positive("rounds", rounds);
    positive("partitions", partitions);
    if (warmup < 0 || patchEvery < 0) {
      throw new IllegalArgumentException("'warmup' and 'patchEvery' cannot be negative.");
    }
    if (clients > 1000) {
      throw new IllegalArgumentException("'clients' must be at most 1000, was " + clients + ".");
    }
  }

  static BenchSettings fromSystemProperties() {
    return new BenchSettings(
        Integer.getInteger("clients", 64),
        Integer.getInteger("seconds", 20),
        Integer.getInteger("rounds", 3),
        Integer.getInteger("warmup", 5),
        Integer.getInteger("partitions", 3),
        Integer.getInteger("patchEvery", 0));
  }

  /** The request mix, as printed with the results. */
  String mix() {
    String hires = "POST /employees (3-step hire), each client into its own department (" + clients
        + " departments over " + partitions + " partitions)";
    return patchEvery == 0
        ? "hires only: " + hires
        : hires + "; every " + patchEvery + "th request of a client is PATCH /employees/{id} {age} of an"
            + " employee it hired (1 step)";
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException("'" + name + "' must be at least 1, was " + value + ".");
    }
  }
}
