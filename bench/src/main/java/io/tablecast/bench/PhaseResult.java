package io.tablecast.bench;

import io.tablecast.testkit.StorageProbe;
import java.util.List;

/**
 * The figures of one phase: what the projector did and how long it took, and the raw loaders'
 * runs for the same writes. Filled in as the phase goes; read by {@link ProjectorReport}.
 */
final class PhaseResult {

  final int phase;
  final int events;
  final long cumulativeEvents;
  /** Rows the projection rules predict for the phase: Employees, EmployeeIndex, EmployeeActivity. */
  final long[] expectedGrowth;

  double writeSeconds;
  double startSeconds;
  double closeSeconds;
  double idleWaitSeconds;
  double projectorSeconds;
  double projectorAzuriteCpu;
  double jvmCpu;
  double rawAzuriteCpuEgt;
  double rawAzuriteCpuSingle;
  double rawJvmCpuEgt;
  double rawJvmCpuSingle;
  /** CPU seconds used by other processes on the (shared) machine meanwhile. */
  double foreignCpu;
  double foreignCpuEgt;
  double foreignCpuSingle;
  long projectorAzuriteRss;
  long rawAzuriteRss;

  // The projector's writes, from its metrics (deltas over the phase) and from the probe.
  long applied;
  long employeesEgts;
  long employeesOps;
  long probeEmployeesOps;
  long checkpointEgts;
  long checkpointRows;
  long locatorWrites;
  /** The naive baseline's entity writes for this phase's events. */
  long naiveWrites;
  long locatorInserts;
  long activityWrites;
  long activityEgts;
  long activityEgtRows;
  long conflicts;
  long retries;
  long workMessages;
  long workItems;
  long deadLetters;
  long growthEmployees;
  long growthIndex;
  long growthActivity;
  long employeesQueries;
  long indexReads;
  double queueSendBytes;
  List<StorageProbe.LabelStats> projectorLabels = List.of();

  // The raw loaders.
  RawLoaders.Run egt;
  RawLoaders.Run single;
  RawLoaders.Run queue;
  long[] rawRows;
  /** The read check on the raw EGT table: mean ms of a 3-row filtered query, of a point read. */
  double[] readMillis = {0, 0};
  List<StorageProbe.LabelStats> rawLabels = List.of();

  PhaseResult(int phase, int events, long cumulativeEvents, long[] expectedGrowth) {
    this.phase = phase;
    this.events = events;
    this.cumulativeEvents = cumulativeEvents;
    this.expectedGrowth = expectedGrowth;
  }

  /** Reads the projector's side of the phase from two scrapes of its metrics and the probe's window. */
  void projector(PromMetrics before, PromMetrics after, StorageProbe.Window window, long t0, long t1) {
    applied = delta(before, after, "tablecast_projector_events_applied_total");
    employeesEgts = delta(before, after, "tablecast_projector_egt_size_count");
    employeesOps = delta(before, after, "tablecast_projector_egt_size_sum");
    locatorWrites = Math.round(after.get("tablecast_projector_writes_total", "table", "EmployeeIndex")
        - before.get("tablecast_projector_writes_total", "table", "EmployeeIndex"));
    activityWrites = Math.round(after.get("tablecast_projector_writes_total", "table", "EmployeeActivity")
        - before.get("tablecast_projector_writes_total", "table", "EmployeeActivity"));
    conflicts = delta(before, after, "tablecast_projector_egt_conflicts_total");
    retries = delta(before, after, "tablecast_storage_retries_total");
    workMessages = delta(before, after, "tablecast_projector_work_messages_total");
    workItems = delta(before, after, "tablecast_projector_work_items_total");
    deadLetters = delta(before, after, "tablecast_projector_dlq_total");
    probeEmployeesOps = window.writes("Employees");
    checkpointRows = window.writes("ProjectorCheckpoints");
    locatorInserts = window.ops("EmployeeIndex", StorageProbe.Op.INSERT);
    growthEmployees = window.growth("Employees", false);
    growthIndex = window.growth("EmployeeIndex", false);
    growthActivity = window.growth("EmployeeActivity", true);
    projectorLabels = window.byLabel(t0, t1);
    for (StorageProbe.LabelStats l : projectorLabels) {
      switch (l.label()) {
        case "ProjectorCheckpoints EGT" -> checkpointEgts = l.requests();
        case "EmployeeActivity EGT" -> {
          activityEgts = l.requests();
          activityEgtRows = l.entities();
        }
        case "Employees query" -> employeesQueries = l.requests();
        case "EmployeeIndex read" -> indexReads = l.requests();
        case "queue send" -> queueSendBytes = l.meanBytes();
        default -> { }
      }
    }
  }

  private static long delta(PromMetrics before, PromMetrics after, String name) {
    return Math.round(after.sum(name) - before.sum(name));
  }

  /** EGT-batchable entity writes: the Employees operations and the checkpoint rows. */
  long egtWrites() {
    return employeesOps + checkpointRows;
  }

  /** Single-partition entity writes: locators and activity rows. */
  long singleWrites() {
    return locatorWrites + activityWrites;
  }

  long writes() {
    return egtWrites() + singleWrites();
  }

  /** The text of a work message, from the mean request size (base64 inside a small XML envelope). */
  int queueMessageChars() {
    return (int) Math.max(100, (queueSendBytes - 60) * 3 / 4);
  }

  double eventsPerSecond() {
    return events / projectorSeconds;
  }

  double writesPerSecond() {
    return writes() / projectorSeconds;
  }

  /** The raw loaders' time for the same table writes: EGT-batchable at the EGT rate, the rest at the single rate. */
  double mixSeconds() {
    return egtWrites() / egt.perSecond() + singleWrites() / single.perSecond();
  }

  /** The naive baseline's writes ({@link NaiveWrites}), each one upsert, at the single-upsert rate of the same phase. */
  double naiveSeconds() {
    return naiveWrites / single.perSecond();
  }

  /** Every entity the projector wrote, written by one upsert each, at the single-upsert rate of the same phase. */
  double unbatchedSeconds() {
    return writes() / single.perSecond();
  }

  double queueSeconds() {
    return queue.perSecond() == 0 ? 0 : workMessages / queue.perSecond();
  }

  /** Projector events/s ÷ mix-ceiling events/s (= mix-ceiling time ÷ projector time). */
  double ratioMix() {
    return mixSeconds() / projectorSeconds;
  }

  double ratioMixWithQueue() {
    return (mixSeconds() + queueSeconds()) / projectorSeconds;
  }

  /** Projector events/s ÷ naive events/s. */
  double ratioNaive() {
    return naiveSeconds() / projectorSeconds;
  }
}
