package io.tablecast.viewstore.adapter.out.telemetry;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.distribution.HistogramSnapshot;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.tables.TelemetryLayout;
import io.tablecast.viewstore.domain.telemetry.HistogramWindow;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes this process's telemetry row ({@link TelemetryLayout}) every window: how many events or
 * work items it completed and the window's freshness percentiles, read off its own meters. The
 * hot path records into Micrometer as before; only this reporter, once per window, reads them.
 * A failed write is logged once per outage and tried again next window.
 *
 * <p>While the process counts nothing, it writes one quiet row, and then one every {@link
 * TelemetryLayout#QUIET_WINDOW_SECONDS} only: the row it wrote last still says all there is to
 * say. The first window that counts something is written at its end, as before.
 */
public final class TelemetryReporter implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(TelemetryReporter.class);

  /** Which meters a role reports, and under which properties. */
  public record Role(String name, String counter, String outcomeTag, String countProperty, String timer, String p50Property,
      String p99Property) {}

  public static final Role PROJECTOR = new Role(TelemetryLayout.PROJECTOR, "tablecast.projector.events.applied", null,
      TelemetryLayout.EVENTS_APPLIED, "tablecast.projector.freshness", TelemetryLayout.VIEW_FRESHNESS_P50_MS,
      TelemetryLayout.VIEW_FRESHNESS_P99_MS);
  public static final Role WORKER = new Role(TelemetryLayout.WORKER, "tablecast.worker.items", "done", TelemetryLayout.ITEMS_DONE,
      "tablecast.worker.index.freshness", TelemetryLayout.INDEX_FRESHNESS_P50_MS, TelemetryLayout.INDEX_FRESHNESS_P99_MS);

  /** How long a close waits for a write under way. */
  private static final Duration CLOSE_GRACE = Duration.ofSeconds(5);
  /** Quiet windows per quiet row. */
  private static final int QUIET_WINDOWS = TelemetryLayout.QUIET_WINDOW_SECONDS / TelemetryLayout.WINDOW_SECONDS;

  private final TableClient checkpoints;
  private final MeterRegistry registry;
  private final Role role;
  private final String instanceId;
  private final Clock clock;
  private final ScheduledExecutorService timer;
  private final Map<Meter.Id, HistogramWindow.Snapshot> histograms = new HashMap<>();
  private double counted;
  private boolean failing;
  /** Whether the last row written was a quiet one, and the quiet windows not written since. */
  private boolean quiet;
  private int quietWindowsSkipped;
  private volatile boolean closed;

  private TelemetryReporter(TableClient checkpoints, MeterRegistry registry, Role role, String instanceId, Clock clock) {
    this.checkpoints = checkpoints;
    this.registry = registry;
    this.role = role;
    this.instanceId = instanceId;
    this.clock = clock;
    this.timer = DaemonThreads.scheduler("telemetry-" + role.name());
  }

  /** Starts reporting every {@link TelemetryLayout#WINDOW_SECONDS} seconds, the first window from now. */
  public static TelemetryReporter start(TableClient checkpoints, MeterRegistry registry, Role role, String instanceId, Clock clock) {
    TelemetryReporter reporter = new TelemetryReporter(checkpoints, registry, role, instanceId, clock);
    reporter.window(); // the baseline: what was counted before the first window
    int seconds = TelemetryLayout.WINDOW_SECONDS;
    reporter.timer.scheduleAtFixedRate(reporter::report, seconds, seconds, TimeUnit.SECONDS);
    return reporter;
  }

  /** A process's id for its row: the configured instance id, else host name and process id. */
  public static String instanceId(java.util.Optional<String> configured) {
    return configured.orElseGet(() -> {
      String host = System.getenv().getOrDefault("HOSTNAME", "local");
      return host + "-" + ProcessHandle.current().pid();
    });
  }

  void report() {
    Window window = window();
    boolean nothing = window.done() == 0 && window.freshness().count() == 0;
    if (nothing && quiet && !failing && ++quietWindowsSkipped < QUIET_WINDOWS) {
      return;
    }
    try {
      checkpoints.upsertEntityWithResponse(row(window, nothing ? TelemetryLayout.QUIET_WINDOW_SECONDS : TelemetryLayout.WINDOW_SECONDS),
          TableEntityUpdateMode.REPLACE, Duration.ofSeconds(10), Context.NONE);
      quiet = nothing;
      quietWindowsSkipped = 0;
      if (failing) {
        log.info("Telemetry of {} {} is written again", role.name(), instanceId);
      }
      failing = false;
    } catch (RuntimeException e) {
      if (closed) {
        return; // a write cut short by the stop: nothing failed
      }
      if (!failing) {
        log.warn("Cannot write the telemetry of {} {}; trying every {} s: {}", role.name(), instanceId,
            TelemetryLayout.WINDOW_SECONDS, e.toString());
      }
      failing = true;
    }
  }

  private Window window() {
    double total = 0;
    for (Counter counter : registry.find(role.counter()).counters()) {
      if (role.outcomeTag() == null || role.outcomeTag().equals(counter.getId().getTag("outcome"))) {
        total += counter.count();
      }
    }
    long done = Math.round(total - counted);
    counted = total;
    List<HistogramWindow> windows = new ArrayList<>();
    for (Timer meter : registry.find(role.timer()).timers()) {
      HistogramWindow.Snapshot now = snapshot(meter.takeSnapshot());
      windows.add(HistogramWindow.between(histograms.getOrDefault(meter.getId(), HistogramWindow.Snapshot.EMPTY), now));
      histograms.put(meter.getId(), now);
    }
    return new Window(Math.max(0, done), HistogramWindow.sum(windows));
  }

  private TableEntity row(Window window, int seconds) {
    TableEntity row = new TableEntity(TelemetryLayout.PARTITION, TelemetryLayout.rowKey(role.name(), instanceId))
        .addProperty(TelemetryLayout.ROLE, role.name())
        .addProperty(TelemetryLayout.INSTANCE_ID, instanceId)
        .addProperty(TelemetryLayout.REPORTED_AT, OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC))
        .addProperty(TelemetryLayout.WINDOW, seconds)
        .addProperty(role.countProperty(), window.done());
    window.freshness().quantile(0.5).ifPresent(p50 -> row.addProperty(role.p50Property(), p50));
    window.freshness().quantile(0.99).ifPresent(p99 -> row.addProperty(role.p99Property(), p99));
    return row;
  }

  private static HistogramWindow.Snapshot snapshot(HistogramSnapshot snapshot) {
    CountAtBucket[] buckets = snapshot.histogramCounts();
    double[] bounds = new double[buckets.length];
    double[] counts = new double[buckets.length];
    for (int i = 0; i < buckets.length; i++) {
      bounds[i] = buckets[i].bucket(TimeUnit.MILLISECONDS);
      counts[i] = buckets[i].count();
    }
    return new HistogramWindow.Snapshot(bounds, counts, snapshot.count());
  }

  private record Window(long done, HistogramWindow freshness) {}

  @Override
  public void close() {
    closed = true;
    DaemonThreads.stopGently(timer, CLOSE_GRACE);
  }
}
