package io.tablecast.common.tables;

/**
 * The layout of the telemetry rows in their own table, {@code Telemetry} (internal, SPEC §3;
 * {@link CatalogTables#telemetry}): every projector and worker process upserts one row of its own
 * every {@link #WINDOW_SECONDS} seconds with what it did in that window, and the views service
 * reads the partition for its status page. PartitionKey
 * {@link #PARTITION}, RowKey {@code <role>_<key(instanceId)>} ({@link #rowKey}).
 *
 * <p>A process with nothing to report rests: its first window with nothing counted is written as a
 * quiet row, whose {@link #WINDOW} is {@link #QUIET_WINDOW_SECONDS}, and then it writes again only
 * once that much time has passed or it has something to count. Every idle write would cost the
 * storage service a request, and Azurite a save of its whole table database.
 *
 * <p>A row whose {@link #REPORTED_AT} is older than {@link #STALE_AFTER_WINDOWS} of its own windows
 * belongs to a process that stopped; readers ignore it and writers never delete rows of others.
 */
public final class TelemetryLayout {

  public static final String PARTITION = "telemetry";
  public static final int WINDOW_SECONDS = 5;
  /** The window of a quiet row: nothing counted, and the longest until the process writes again. */
  public static final int QUIET_WINDOW_SECONDS = 60;
  public static final int STALE_AFTER_WINDOWS = 3;

  /** {@code projector} or {@code worker}. */
  public static final String ROLE = "Role";
  public static final String INSTANCE_ID = "InstanceId";
  /** When the window ended (an {@code OffsetDateTime}). */
  public static final String REPORTED_AT = "ReportedAt";
  /** The window's length in seconds (int): {@link #WINDOW_SECONDS}, or {@link #QUIET_WINDOW_SECONDS} for a quiet row. */
  public static final String WINDOW = "WindowSeconds";

  /** Projector: events applied to the view tables in the window (long). */
  public static final String EVENTS_APPLIED = "EventsApplied";
  /** Projector: event to view write, median and 99th percentile in the window, milliseconds (double); absent when no event. */
  public static final String VIEW_FRESHNESS_P50_MS = "ViewFreshnessP50Ms";
  public static final String VIEW_FRESHNESS_P99_MS = "ViewFreshnessP99Ms";

  /** Worker: work items completed in the window (long). */
  public static final String ITEMS_DONE = "ItemsDone";
  /** Worker: event to its last index write, median and 99th percentile in the window, milliseconds (double); absent when no item. */
  public static final String INDEX_FRESHNESS_P50_MS = "IndexFreshnessP50Ms";
  public static final String INDEX_FRESHNESS_P99_MS = "IndexFreshnessP99Ms";

  public static final String PROJECTOR = "projector";
  public static final String WORKER = "worker";

  private TelemetryLayout() {}

  public static String rowKey(String role, String instanceId) {
    return role + "_" + Keys.key(instanceId);
  }
}
