package io.tablecast.hr.tables;

import java.time.Instant;

/**
 * The layout of the {@code EmployeeActivity} log tail (SPEC §3, §9): PartitionKey the 8-digit
 * employee id, one row per employee event, RowKeys inverted so the newest sorts first. Each row
 * holds the event's type, time, summary and, unless it is anonymous, its actor.
 */
public final class ActivityLayout {

  public static final String TYPE = "Activity";
  public static final String EVENT_TYPE = "EventType";
  public static final String OCCURRED_AT = "OccurredAt";
  public static final String SUMMARY = "Summary";
  /**
   * Who caused the event, when it was not the anonymous actor: absent on the rows of anonymous
   * events, so that rows written before actors were recorded stay what a rebuild writes.
   */
  public static final String ACTOR = "Actor";
  /** What an absent {@link #ACTOR} means. */
  public static final String ANONYMOUS = "anonymous";

  /** {@code DateTime.MaxValue.Ticks} of .NET, the guide's inverted-ticks base. */
  static final long MAX_TICKS = 3155378975999999999L;
  /** .NET ticks (100 ns since 0001-01-01T00:00Z) at the Unix epoch. */
  static final long UNIX_EPOCH_TICKS = 621355968000000000L;
  static final long MAX_VERSION = 9999999999L;

  private ActivityLayout() {}

  /** {@code <19 digits of MAX_TICKS − ticks(occurredAt)>_<10 digits of 9999999999 − version>}. */
  public static String rowKey(Instant occurredAt, long version) {
    long ticks = UNIX_EPOCH_TICKS + occurredAt.getEpochSecond() * 10_000_000L + occurredAt.getNano() / 100;
    return String.format("%019d_%010d", MAX_TICKS - ticks, MAX_VERSION - version);
  }
}
