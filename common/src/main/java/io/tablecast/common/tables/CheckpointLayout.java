package io.tablecast.common.tables;

import java.util.function.Function;

/**
 * The layout of {@code ProjectorCheckpoints} (SPEC §3, §9): PartitionKey {@code G<N>}, RowKey
 * {@code <topic>-<partition>}. Written by the projector for each batch; read by the views for
 * read-your-writes, lag and stall detection, and by the projector itself after a restart.
 */
public final class CheckpointLayout {

  /** Every record at or below this offset is applied, work items included. */
  public static final String APPLIED_OFFSET = "AppliedOffset";
  /** The last offset of the batch being applied: records up to it may be partly applied. */
  public static final String IN_FLIGHT_OFFSET = "InFlightOffset";
  public static final String LAG = "Lag";
  public static final String LAST_PROGRESS_AT = "LastProgressAt";
  /**
   * A rebuild's bulk load: the log is folded up to this offset (exclusive) into the generation's
   * tables. Written before the load starts, so that a resumed load folds the same records; the
   * load is done once the row has an {@link #APPLIED_OFFSET}.
   */
  public static final String LOAD_END = "LoadEnd";
  /** When the projector last wrote this row, busy or idle: a stale heartbeat means it is down. */
  public static final String HEARTBEAT_AT = "HeartbeatAt";
  public static final String PAUSED_REASON = "PausedReason";
  /**
   * When the projector that owns the partition last made progress on any of its partitions (being
   * caught up counts). A partition with lag whose own progress is old while this is recent waits
   * behind other work: it is behind, not stalled.
   */
  public static final String PROJECTOR_PROGRESS_AT = "ProjectorProgressAt";
  /** Records of the partition applied per second, over the last minute, as of {@link #HEARTBEAT_AT}. */
  public static final String RATE = "Rate";

  private CheckpointLayout() {}

  public static String rowKey(String topic, int partition) {
    return topic + "-" + partition;
  }

  /** Where a record is in the log, {@code <topic>-<partition>@<offset>}: its checkpoint row and offset. */
  public static String position(String topic, int partition, long offset) {
    return rowKey(topic, partition) + "@" + offset;
  }

  /** The topic of a {@link #rowKey}: everything before its last dash (topic names may hold dashes). */
  public static String topicOf(String rowKey) {
    return rowKey.substring(0, rowKey.lastIndexOf('-'));
  }

  /** The partition of a {@link #rowKey}. */
  public static int partitionOf(String rowKey) {
    return Integer.parseInt(rowKey.substring(rowKey.lastIndexOf('-') + 1));
  }

  /**
   * The records of a partition not yet applied, as a row tells: its {@code Lag}, and at least the
   * batch in flight when {@code InFlightOffset} is past {@code AppliedOffset}. The lag is measured
   * when a batch is polled, so while that batch is applied it alone says how much is left.
   *
   * @param property the row's properties by name, for example {@code row::getProperty}
   */
  public static long lag(Function<String, Object> property) {
    long lag = number(property.apply(LAG), 0);
    long inFlight = number(property.apply(IN_FLIGHT_OFFSET), -1) - number(property.apply(APPLIED_OFFSET), -1);
    return Math.max(lag, inFlight);
  }

  private static long number(Object value, long absent) {
    return value == null ? absent : ((Number) value).longValue();
  }
}
