package io.tablecast.views.domain.dashboard;

import java.util.List;

/**
 * How far a pending generation is, from its checkpoint rows alone: per partition the records it
 * has applied against the end it is heading for, which is its bulk load's {@code LoadEnd} or,
 * once it follows the log, what it applied plus its lag.
 */
public record RebuildProgress(int generation, List<PartitionLoad> partitions) {

  /** @param applied records applied (offset + 1); @param end the offset it is heading for */
  public record PartitionLoad(String topic, int partition, long applied, long end) {}

  public static RebuildProgress of(int generation, List<CheckpointRow> rows) {
    return new RebuildProgress(generation, rows.stream().map(row -> {
      long applied = row.appliedOffset().isPresent() ? row.appliedOffset().getAsLong() + 1 : 0;
      long end = Math.max(row.loadEnd().orElse(0), applied + Math.max(0, row.lag()));
      return new PartitionLoad(row.topic(), row.partition(), applied, end);
    }).toList());
  }

  public long applied() {
    return partitions.stream().mapToLong(PartitionLoad::applied).sum();
  }

  public long end() {
    return partitions.stream().mapToLong(PartitionLoad::end).sum();
  }

  /** Whole percent done, 0 to 100; 0 while nothing is known of the end. */
  public int percent() {
    long end = end();
    return end == 0 ? 0 : (int) Math.min(100, applied() * 100 / end);
  }
}
