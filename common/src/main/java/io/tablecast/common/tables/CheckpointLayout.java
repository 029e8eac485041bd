package io.tablecast.common.tables;

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
  /** When the projector last wrote this row, busy or idle: a stale heartbeat means it is down. */
  public static final String HEARTBEAT_AT = "HeartbeatAt";
  public static final String PAUSED_REASON = "PausedReason";

  private CheckpointLayout() {}

  public static String rowKey(String topic, int partition) {
    return topic + "-" + partition;
  }
}
