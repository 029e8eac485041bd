package io.tablecast.bench;

import java.util.Arrays;
import java.util.List;

/**
 * The parameters of the freshness benchmark, read from system properties ({@code -Drates=50,100}).
 *
 * @param rates the offered rates to measure, in commands per second, each an open loop
 * @param seconds length of each rate's measured window
 * @param warmup seconds of unrecorded load at the same rate before each window
 * @param jitWarmupSeconds at most this long, unrecorded load at the lowest rate before the first
 *     rate's warm-up, until the JIT compiler has settled ({@link JitWarmup}); 0 for none
 * @param departments departments created before the load; hires and transfers spread over them
 * @param readers threads polling the views for the sampled commands' effects
 * @param pollMillis how often each awaited effect is read
 * @param sampleEvery one command in this many, of each kind, has its effect awaited in the views
 * @param giveUpSeconds after this long from its 2xx, an effect not yet visible counts as not seen
 * @param drainSeconds how long, at most, to wait after a window for the projector and the queues
 *     to drain before the next rate
 * @param partitions partitions of every topic (the Tablecast default is 3)
 * @param azuriteInMemory whether Azurite keeps its data in memory only, instead of on disk as dev
 *     mode does: it then never stops serving to save its databases (every 5 s, each whole)
 * @param hiresOnly hires alone ({@code -Dmix=hires}) instead of the mix of every command kind
 *     ({@code -Dmix=mix}, the default)
 */
record FreshnessSettings(List<Integer> rates, int seconds, int warmup, int jitWarmupSeconds, int departments, int readers,
    int pollMillis, int sampleEvery, int giveUpSeconds, int drainSeconds, int partitions, boolean azuriteInMemory, boolean hiresOnly) {

  /** The sustained rate's conditions: a rate is sustained when its figures keep within these. */
  static final double SUSTAINED_VIEW_P99_MS = 1_000;
  static final double SUSTAINED_INDEX_P99_MS = 5_000;
  static final double SUSTAINED_DRAIN_SECONDS = 10;

  FreshnessSettings {
    rates = List.copyOf(rates);
    if (rates.isEmpty()) {
      throw new IllegalArgumentException("'rates' cannot be empty.");
    }
    rates.forEach(r -> positive("rates", r));
    positive("seconds", seconds);
    positive("readers", readers);
    positive("pollMillis", pollMillis);
    positive("sampleEvery", sampleEvery);
    positive("giveUpSeconds", giveUpSeconds);
    positive("drainSeconds", drainSeconds);
    positive("partitions", partitions);
    if (departments < 2) {
      throw new IllegalArgumentException("'departments' must be at least 2 (transfers need a target), was " + departments + ".");
    }
    if (warmup < 0) {
      throw new IllegalArgumentException("'warmup' cannot be negative.");
    }
    if (jitWarmupSeconds < 0) {
      throw new IllegalArgumentException("'jitWarmupSeconds' cannot be negative.");
    }
  }

  static FreshnessSettings fromSystemProperties() {
    return new FreshnessSettings(
        Arrays.stream(System.getProperty("rates", "50,100,200,400").split(",")).map(String::strip).map(Integer::valueOf).toList(),
        Integer.getInteger("seconds", 60),
        Integer.getInteger("warmup", 5),
        Integer.getInteger("jitWarmupSeconds", 120),
        Integer.getInteger("departments", 50),
        Integer.getInteger("readers", 4),
        Integer.getInteger("pollMillis", 10),
        Integer.getInteger("sampleEvery", 8),
        Integer.getInteger("giveUpSeconds", 30),
        Integer.getInteger("drainSeconds", 60),
        Integer.getInteger("partitions", 3),
        Boolean.getBoolean("azuriteInMemory"),
        hiresOnly(System.getProperty("mix", "mix")));
  }

  private static boolean hiresOnly(String mix) {
    return switch (mix.strip()) {
      case "hires" -> true;
      case "mix" -> false;
      default -> throw new IllegalArgumentException("'mix' must be 'hires' or 'mix', was '" + mix + "'.");
    };
  }

  /** The kinds of command sent, in turn. */
  CommandKind[] cycle() {
    return hiresOnly ? new CommandKind[] {CommandKind.HIRE} : CommandKind.MIX_CYCLE;
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException("'" + name + "' must be at least 1, was " + value + ".");
    }
  }
}
