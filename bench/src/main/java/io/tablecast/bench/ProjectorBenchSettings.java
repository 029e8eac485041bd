package io.tablecast.bench;

/**
 * The parameters of the projector benchmark, read from system properties ({@code -Devents=200000}).
 *
 * @param events events in the workload, department creations included (at least 1 per phase)
 * @param phases the workload is projected in this many equal, consecutive phases; the raw
 *     ceilings are measured after each, at the table size the projector has just reached
 * @param departments departments (the partitions of {@code Employees})
 * @param partitions partitions of every topic
 * @param seed seed of the generated history ({@code HrHistory}, mix TYPICAL)
 * @param maxPoll the projector's {@code max.poll.records}: events per batch (its default is 500)
 * @param egtThreads threads of the raw EGT loader
 * @param singleThreads threads of the raw single-upsert and queue loaders
 * @param keepProjector keep one projector running through all phases instead of stopping it
 *     after each phase (see docs/benchmarks.md for why stopping is the default)
 * @param phaseTimeoutMinutes give up when a phase is not applied within this time
 */
record ProjectorBenchSettings(int events, int phases, int departments, int partitions, long seed, int maxPoll,
    int egtThreads, int singleThreads, boolean keepProjector, int phaseTimeoutMinutes) {

  ProjectorBenchSettings {
    positive("events", events);
    positive("phases", phases);
    positive("departments", departments);
    positive("partitions", partitions);
    positive("maxPoll", maxPoll);
    positive("egtThreads", egtThreads);
    positive("singleThreads", singleThreads);
    positive("phaseTimeoutMinutes", phaseTimeoutMinutes);
    if (events < phases + departments) {
      throw new IllegalArgumentException("'events' must exceed 'phases' + 'departments', was " + events + ".");
    }
  }

  static ProjectorBenchSettings fromSystemProperties() {
    return new ProjectorBenchSettings(
        Integer.getInteger("events", 200_000),
        Integer.getInteger("phases", 4),
        Integer.getInteger("departments", 100),
        Integer.getInteger("partitions", 6),
        Long.getLong("seed", 42),
        Integer.getInteger("maxPoll", 500),
        Integer.getInteger("egtThreads", 4),
        Integer.getInteger("singleThreads", 8),
        Boolean.parseBoolean(System.getProperty("keepProjector", "false")),
        Integer.getInteger("phaseTimeoutMinutes", 60));
  }

  private static void positive(String name, long value) {
    if (value < 1) {
      throw new IllegalArgumentException("'" + name + "' must be at least 1, was " + value + ".");
    }
  }
}
