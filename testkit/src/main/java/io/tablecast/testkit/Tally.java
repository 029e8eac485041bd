package io.tablecast.testkit;

import io.tablecast.projection.EventDecoder;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.Projection;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewSet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * A small view set for the engine's tests, with no domain of its own: branches total the ticks of
 * their accounts ({@code Totals}, one row per branch, read and guarded by each account's version),
 * and each tick leaves a row of its account ({@code Ticks}, written without reading). Its records
 * are text, {@code branch,account,version,amount}.
 */
public final class Tally {

  public record Table(String baseName) implements ViewSet.Table {}

  public static final Table TOTALS = new Table("Totals");
  public static final Table TICKS = new Table("Ticks");
  public static final ViewSet VIEW_SET = ViewSet.of("tally", List.of(TOTALS, TICKS), List.of());
  public static final String TOPIC = "tally.ticks";

  /** An account's tick: its version counts the account's ticks from 1. */
  public record Tick(String branch, String account, long version, long amount) {

    public byte[] encoded() {
      return (branch + "," + account + "," + version + "," + amount).getBytes(StandardCharsets.UTF_8);
    }
  }

  public static final EventDecoder<Tick> DECODER = (topic, value) -> {
    String[] fields = new String(value, StandardCharsets.UTF_8).split(",");
    if (fields.length != 4) {
      throw new IllegalArgumentException("not a tick: " + fields.length + " fields");
    }
    return new Tick(fields[0], fields[1], Long.parseLong(fields[2]), Long.parseLong(fields[3]));
  };

  public static final Projection<Tick> TALLIES = Projection.of("tallies", VIEW_SET, tick -> Optional.of(tick.account()),
      tick -> Set.of(total(tick.branch())), (rows, tick) -> {
        Map<String, Object> total = new HashMap<>(rows.get(total(tick.branch())).orElse(Map.of("Total", 0L)));
        String counted = "V" + tick.account();
        if ((long) total.getOrDefault(counted, 0L) >= tick.version()) {
          return List.of();
        }
        total.put("Total", (long) total.get("Total") + tick.amount());
        total.put(counted, tick.version());
        return List.of(new RowChange.Put(total(tick.branch()), total),
            new RowChange.Put(new RowRef(TICKS, tick.account(), String.format("%010d", tick.version())), Map.of("Amount", tick.amount())));
      });

  public static final ProjectedViewSet<Tick> PROJECTED = new ProjectedViewSet<>(VIEW_SET, List.of(TOPIC), DECODER, List.of(TALLIES));

  private Tally() {}

  public static RowRef total(String branch) {
    return new RowRef(TOTALS, branch, "total");
  }

  /** Ticks of eight accounts in three branches, each account's versions in order. */
  public static List<Tick> log(long seed, int size) {
    Random random = new Random(seed);
    Map<String, Long> versions = new HashMap<>();
    List<Tick> log = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      int account = random.nextInt(8);
      log.add(new Tick("b" + account % 3, "a" + account, versions.merge("a" + account, 1L, Long::sum), random.nextInt(100) - 50));
    }
    return log;
  }
}
